"""The sidewalk cafe papers of § 506-10: permit, neighbour notice, letters, register.

* :func:`permit_pdf` — the SIDEWALK CAFE PERMIT the City Administrator signs and the permittee
  displays during business hours: its number, the day issued and the day it expires (at most one
  year; not transferable), the hours, the display sentence and the line the Administrator signs
  on page 1, then the establishment, the cafe area and its dimensions, seats, umbrellas,
  alcohol, the Common Council's conditions, the rules of operation every permit carries, the
  insurance and fee on file, and last the site plan that delineates the cafe area ("as
  delineated by the City in the sidewalk cafe permit as issued"). Every line names the
  paragraph that sets it.
* :func:`neighbor_notice_pdf` — the notice the City Administrator mails to the owners and
  occupants of property within 100 feet: one letter to each, each followed by a copy of the
  applicant's diagram (the site plan: a picture drawn on the page, or the pages of a PDF set in
  with pypdf), whether alcohol will be served if the permit is granted, and the last day the City
  Clerk must receive comments, 15 calendar days from mailing. Each letter is numbered on its own
  ("Page 1 of 2"), so the stack can be folded and mailed as it comes off the printer.
* :func:`mailing_labels_pdf` — the envelopes' labels on Avery 5160 sheets (three across,
  ten down on US Letter).
* :func:`neighbor_list_pdf` — the list of the owners and occupants notified, with their full
  names and addresses, attached to the application packet, with the City's certificate of
  mailing.
* :func:`suspension_letter_pdf` — the written notice of a temporary suspension: seven days'
  notice, or an emergency declared without prior notice.
* :func:`revocation_notice_pdf` — the ten days' written notice of the public meeting at which
  the Common Council will consider revoking the permit, with the grounds.
* :func:`packet_pdf` — the application packet the City Administrator forwards to the Common
  Council: a summary, the checklist as it stands, the comments (timely and late), the Chief of
  Police's review, the Director of Public Works' inspection, the list of the owners and
  occupants notified and the pages of the site plan, with a contents page and bookmarks.
* :func:`register_xlsx` — the register of applications and permits, one a row.

The papers print only what :mod:`clerk_desk.sidewalk_cafes.papers` gathered (plain data); they
never query. ReportLab, pypdf and openpyxl are imported only when a paper is made.
"""

from __future__ import annotations

import datetime as dt
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    LetterView,
    NeighborLine,
    NoticeView,
    PacketView,
    PermitView,
    RegisterRow,
)
from clerk_desk.sidewalk_cafes.rules import (
    ALCOHOL_CITE,
    APPLICATION_CITE,
    BEYOND_RADIUS,
    CLEARANCE_CITE,
    COMMENT_DAYS,
    CONFIGURATION_CITE,
    EARLIEST,
    HOURS_CITE,
    INSURANCE_CITE,
    ISSUANCE_CITE,
    LATEST,
    LOCATION_CITE,
    NOTICE_RADIUS_FT,
    REVOCATION_CITE,
    REVOCATION_GROUNDS,
    REVOCATION_NOTICE_DAYS,
    SUSPENSION_NOTICE_DAYS,
    TERM_CITE,
)
from clerk_desk.words import clock_time, format_day, long_day, plural

from . import letterhead as lh
from .document import (
    INCH,
    LETTER,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import Column, ProgressCallback, write_register
from .fonts import FONT_BOLD, FONT_REGULAR, register_fonts, text_width
from .permit_parts import frame_width, ruled_terms, side_by_side, title_styles, titled_with_number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable
    from reportlab.platypus.doctemplate import BaseDocTemplate

    from .packet import Packet
    from .page_placing import Matrix, Sheet

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


# ---- words ---------------------------------------------------------------------------------


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


# ---- flowables -------------------------------------------------------------------------------


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
    from reportlab.platypus import KeepTogether, Spacer

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
    return [Spacer(1, 4), KeepTogether(foot)]


# ---- the permit ------------------------------------------------------------------------------


def _title_block(view: PermitView, printed_on: dt.date | None) -> Flowable:
    """ "SIDEWALK CAFE PERMIT" on the left, the permit number boxed on the right."""
    from reportlab.platypus import Paragraph

    title, subtitle = title_styles(_style)
    printed = f" Printed {format_day(printed_on)}." if printed_on is not None else ""
    left = [
        Paragraph(PERMIT_TITLE.upper(), title),
        para(
            f"Use of the public sidewalk for a sidewalk cafe \u2014 {SECTION}, Chapter 506 "
            f"(Streets and Sidewalks). Issued by the {ADMINISTRATOR} after inspection by the "
            f"Director of Public Works and approval by the Common Council.{printed}",
            subtitle,
        ),
    ]
    return titled_with_number(left, view.number, style=_style)


def _permit_band(view: PermitView) -> Flowable:
    """The day issued, the day it expires and the hours, boxed side by side, with the display
    sentence across the foot: what an officer or an inspector reads first."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    assert view.issued_on is not None and view.expires_on is not None
    label = _style("band-label", st.label, fontSize=8, leading=10, alignment=TA_CENTER)
    value = _style(
        "band-value", st.body_bold, fontSize=12, leading=15, alignment=TA_CENTER, spaceAfter=0
    )
    note = _style("band-note", st.small, fontSize=7.5, leading=9, alignment=TA_CENTER)
    display = _style(
        "band-display", st.body, fontSize=10, leading=13, alignment=TA_CENTER, spaceAfter=0
    )
    third = frame_width() / 3
    hours = view.hours.strip() or "\u2014"
    size = 12.0
    while size > 9 and text_width(hours, size=size, bold=True) > third - 14:
        size -= 0.5
    fitted = _style(f"band-value-{size}", value, fontSize=size, leading=15)
    cells = [
        ("ISSUED", format_day(view.issued_on), value, f"By the {ADMINISTRATOR}"),
        ("EXPIRES", format_day(view.expires_on), value, "At most one year; not transferable"),
        ("HOURS OF THE CAFE", hours, fitted, "Within the indoor establishment\u2019s hours"),
    ]
    table = Table(
        [
            [[para(a, label), para(b, style), para(c, note)] for a, b, style, c in cells],
            [
                _markup(
                    f"<b>{escape(view.display_notice.strip() or DISPLAY_TEXT)}</b> "
                    + _grey(escape(_cite(HOURS_CITE)), 8),
                    display,
                ),
                "",
                "",
            ],
        ],
        colWidths=[third] * 3,
        hAlign="LEFT",
    )
    navy = lh.color(lh.NAVY_HEX)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 1.6, navy),
                ("LINEBEFORE", (1, 0), (-1, 0), 0.6, navy),
                ("LINEABOVE", (0, 1), (-1, 1), 0.8, navy),
                ("SPAN", (0, 1), (-1, 1)),
                ("BACKGROUND", (0, 0), (-1, 0), lh.color(_PALE_HEX)),
                ("TOPPADDING", (0, 0), (-1, 0), 5),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 6),
                ("TOPPADDING", (0, 1), (-1, 1), 5),
                ("BOTTOMPADDING", (0, 1), (-1, 1), 6),
            ]
        )
    )
    return table


def _approvals(view: PermitView) -> list[str]:
    """What the permit rests on: the Council's approval, the DPW's inspection, the police."""
    lines = []
    if view.council_meeting_on is not None:
        lines.append(f"Approved by the Common Council on {format_day(view.council_meeting_on)}")
    if view.dpw_inspected_on is not None:
        by = f" by {view.dpw_inspected_by}" if view.dpw_inspected_by.strip() else ""
        lines.append(f"Inspected{by} on {format_day(view.dpw_inspected_on)}")
    if view.police_reviewed_on is not None:
        lines.append(f"Reviewed by the Chief of Police on {format_day(view.police_reviewed_on)}")
    return lines


def _signed_block(view: PermitView, profile: CityProfile) -> Flowable:
    """The line the City Administrator signs on, captioned "City Administrator" (the permit is
    the Administrator's to issue, whoever recorded it: that clerk is named small under it),
    beside the date issued and what the permit rests on (the Council's approval, the
    inspection)."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Table, TableStyle

    st = styles()
    assert view.issued_on is not None
    name = _style("sig-name", st.body_bold, fontSize=10, leading=12.5, spaceAfter=0)
    recorded = _style("sig-recorded", st.small, fontSize=7.5, leading=9, spaceAfter=0)
    small_right = _style("sig-right", st.small, alignment=TA_RIGHT)
    who = view.issued_by_name.strip()
    signer = Table(
        [
            [""],
            [para(f"{ADMINISTRATOR}, {profile.city_name}", name)],
            [
                para(
                    f"Issued under {_cite(ISSUANCE_CITE)}"
                    + (f" \u00b7 Recorded by {who}" if who else ""),
                    recorded,
                )
            ],
        ],
        colWidths=[3.3 * INCH],
        hAlign="LEFT",
    )
    signer.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("LINEBELOW", (0, 0), (0, 0), 0.8, lh.color(_INK)),
                ("TOPPADDING", (0, 0), (0, 0), 30),
                ("BOTTOMPADDING", (0, 0), (0, 0), 2),
                ("TOPPADDING", (0, 1), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 0),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    right: list[Flowable] = [
        para("Date issued", _style("issued-label", st.label, alignment=TA_RIGHT)),
        para(
            long_day(view.issued_on),
            _style("issued", st.value, alignment=TA_RIGHT, fontName=FONT_BOLD),
        ),
    ]
    right += [para(line, small_right) for line in _approvals(view)]
    return side_by_side(signer, right, [3.5 * INCH, "*"], valign="BOTTOM")


def _permittee(view: PermitView) -> list[tuple[str, object]]:
    who = view.applicant_name
    address = _lines(view.applicant_address)
    if address:
        who += "\n" + "\n".join(address)
    pairs: list[tuple[str, object]] = [
        ("Permittee", who),
        ("Establishment", view.establishment),
        ("Location", view.address),
    ]
    place = " \u00b7 ".join(
        p
        for p in (
            f"Parcel {view.parcel_number}" if view.parcel_number.strip() else "",
            f"zoned {view.zoning_district}" if view.zoning_district.strip() else "",
        )
        if p
    )
    if place:
        pairs.append(("Property", place[0].upper() + place[1:]))
    if view.renews_number.strip():
        pairs.append(("Renews", f"Permit {view.renews_number} (a new application)"))
    return pairs


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


def _site_plan_text(view: PermitView) -> str:
    if not view.site_plan_name.strip():
        return "No site plan is on file."
    scale = f", drawn to a scale of {view.site_plan_scale}" if view.site_plan_scale.strip() else ""
    return f"{view.site_plan_name}{scale}"


def rules_of_operation(view: PermitView) -> list[Line]:
    """The rules of § 506-10 every sidewalk cafe permit carries, with this permit's figures."""
    shown = view.hours.strip()
    hours = (
        f"<b>{escape(shown)}</b>{'' if shown.endswith('.') else '.'} "
        if shown
        else "<b>No hours are set.</b> "
    )
    lines = [
        Line(
            "Hours",
            hours + f"Never before {clock_time(EARLIEST, dotted=True)} nor past "
            f"{clock_time(LATEST, dotted=True)}, nor beyond the approved hours "
            "of the indoor establishment. All fixtures, equipment, supplies and trash are "
            "removed from the sidewalk <b>within one hour after closing</b> and are never on "
            "the sidewalk when the business is closed.",
            HOURS_CITE,
        ),
        Line(
            "Service",
            "Only food and beverages prepared or stocked for sale at the adjoining indoor "
            "establishment, served only to persons seated at the tables; food service "
            "available at all times the cafe is open. No outdoor preparation of food; rest "
            "rooms are provided indoors. No recreational activities.",
            f"{HOURS_CITE}; {CLEANLINESS_CITE}",
        ),
        Line(
            "Clearances",
            "At least <b>6 ft</b> of sidewalk kept clear for pedestrians where the passage "
            "abuts the face of the curb, otherwise at least <b>5 ft</b>; tables and chairs at "
            "least <b>3 ft</b> from the curb face and any barrier; aisles at least "
            "<b>44 inches</b>. Do not block building entrances and exits, trash cans, parking "
            "meters, newspaper racks or bus stops. All furniture and barriers are moveable and "
            "arranged to accommodate persons with disabilities, including the visually "
            "impaired.",
            CLEARANCE_CITE,
        ),
        Line(
            "Umbrellas",
            escape(view.umbrellas.strip() or "No umbrellas.")
            + " Umbrellas are permitted only as described in this permit.",
            CLEARANCE_CITE,
        ),
        Line(
            "Cleanliness",
            "Trash and litter removed as it accumulates; the area, the sidewalk surface and the "
            "furniture kept clean and safe at all times; refuse only in a closed container, "
            "never left outside when the cafe or the establishment is closed.",
            CLEANLINESS_CITE,
        ),
        Line(
            "Lighting, music, signs",
            "After sunset, shielded lighting fed from the establishment, approved by the "
            "Director of Public Works; no extension cords or power strips. No live music, spot "
            "lights, televisions or video equipment. Signs limited to a menu board and the "
            "notices required.",
            f"{HOURS_CITE}; {SIGNS_CITE}",
        ),
    ]
    if view.serves_alcohol:
        lines.append(
            Line(
                "Alcoholic beverages",
                "The area is delineated by a stanchion barrier three feet high on weighted "
                "bases; signs required by the Chief of Police are posted; a licensed "
                "bartender/operator keeps the area in direct line of sight at all times; no "
                "taps, kegs, coolers or other beverage storage on the sidewalk. The Chief of "
                "Police and the City Administrator may require unbreakable containers.",
                ALCOHOL_CITE,
            )
        )
    return lines


def protection_lines(view: PermitView) -> list[Line]:
    """The insurance and the fee the City holds for this permit, each cited."""
    lines: list[Line] = []
    required = (
        "Required from the application through the term: general liability $1,000,000 single "
        "limit, $1,000,000 products/completed operations, $10,000 medical payments"
        + (", liquor liability" if view.serves_alcohol else "")
        + "; the City an additional insured by endorsement; 30 days\u2019 notice of "
        "cancellation."
    )
    insurance = view.insurance
    if insurance is None:
        lines.append(
            Line(
                "Insurance",
                f"<b>No certificate of insurance is on file.</b> {escape(required)}",
                INSURANCE_CITE,
            )
        )
    else:
        policy = f", policy {escape(insurance.policy_numbers)}" if insurance.policy_numbers else ""
        limits = "; ".join(f"{escape(label)} {amount}" for label, amount in insurance.limits)
        text = (
            f"Certificate of insurance from <b>{escape(insurance.insurer)}</b>{policy}: "
            f"{limits or 'no limits entered'}. In force {format_day(insurance.effective_on)} "
            f"to <b>{escape(format_day(insurance.expires_on))}</b>; received "
            f"{format_day(insurance.received_on)}. {escape(required)}"
        )
        for shortfall in insurance.shortfalls:
            text += f" <b>Short: {escape(shortfall)}</b>"
        lines.append(Line("Insurance", text, INSURANCE_CITE))
    paid = [
        f"{r.amount} paid on receipt <b>{escape(r.receipt_number)}</b>, "
        f"{format_day(r.paid_on)} ({escape(r.description)})."
        for r in view.receipts
    ]
    receipted = sum((r.amount for r in view.receipts), Money.zero())
    settled = view.fee_amount - view.fee_owed  # paid, by receipt or otherwise
    if settled > receipted:
        paid.append(
            f"{settled - receipted} of the {view.fee_amount} fee is recorded paid "
            "(no receipt of the City's on file for it)."
        )
    if view.fee_owed > Money.zero():
        paid.append(f"<b>{view.fee_owed} of the {view.fee_amount} fee is still owed.</b>")
    if paid:
        lines.append(Line("Fee", "<br/>".join(paid), APPLICATION_CITE))
    else:
        lines.append(Line("Fee", "<b>No fee is recorded for this permit.</b>", APPLICATION_CITE))
    return lines


def _term_text(view: PermitView) -> str:
    """The term and what the permit does not give (markup), with the cites inline."""
    term = view.term.strip() or (
        f"Expires {format_day(view.expires_on)} \u2014 at most one year from issuance; "
        "not transferable."
        if view.expires_on
        else ""
    )
    return (
        f"<b>{escape(term)}</b> No permittee obtains any property or other right in the "
        "continued use of the permit or the sidewalk; nonrenewal may be for any reason or for "
        "no reason, and a renewal is a new application. The City may temporarily suspend the "
        f"cafe upon {SUSPENSION_NOTICE_DAYS} days\u2019 written notice, or without notice in an "
        "emergency, and is not responsible for fixtures or property damaged, moved or removed. "
        + _grey(escape(_cite(TERM_CITE)))
        + " The Common Council may revoke the permit, temporarily or permanently, after a "
        f"public meeting upon {REVOCATION_NOTICE_DAYS} days\u2019 written notice. "
        + _grey(escape(_cite(REVOCATION_CITE)))
    )


def _rules_list(lines: Sequence[Line]) -> list[Flowable]:
    """The rules numbered, each with its title in bold and its cite small and grey after it."""
    return _numbered(
        [
            f"<b>{escape(line.title)}.</b> {line.text} {_grey(escape(_cite(line.cite)), 7.5)}"
            for line in lines
        ],
        size=8.6,
        markup=True,
    )


def _watermark(status: str) -> str | None:
    """The word printed across a permit that no longer stands ("EXPIRED", "REVOKED")."""
    first = status.strip().split(" ", 1)[0].strip(" \u2014-,").lower()
    return {
        "expired": "EXPIRED",
        "renewed": "RENEWED",
        "revoked": "REVOKED",
        "withdrawn": "WITHDRAWN",
        "denied": "DENIED",
    }.get(first)


def permit_pdf(
    view: PermitView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The sidewalk cafe permit of ``view``, for the City Administrator to sign: page 1 carries
    the number, the day issued and the day it expires, the hours, the display sentence and the
    signature line; the establishment, the cafe area, the Council's conditions, the rules of
    operation, the insurance and the fee follow, and last the pages of the site plan that
    delineates the cafe area (§ 506-10 (Permissible locations): "as delineated by the City in
    the sidewalk cafe permit as issued"), each "Page k of n" of the permit.

    Raises :class:`~clerk_desk.errors.Conflict` when no permit was issued. A permit that no
    longer stands (expired, renewed, revoked) prints with that word across every page.
    """
    from reportlab.platypus import NextPageTemplate, PageBreak, Spacer

    if view.issued_on is None or view.expires_on is None:
        raise Conflict(
            f"Sidewalk cafe application {view.number} has no permit issued: a permit is "
            f"printed only after the {ADMINISTRATOR} issues it.",
            cite=ISSUANCE_CITE,
        )
    st = styles()
    sheets = _readable_sheets(view.site_plan, view.site_plan_name)
    cafe: list[tuple[str, object]] = [
        ("Configuration", view.configuration or "Not stated"),
        ("Area", _area_text(view, len(sheets) if sheets else 0)),
        ("Alcohol", view.alcohol),
    ]
    conditions: list[Flowable]
    if view.council_conditions:
        conditions = _numbered(view.council_conditions)
    else:
        conditions = [
            para(
                f"The Common Council set no conditions beyond the requirements of {SECTION}.",
                _style("no-conditions", st.body, fontSize=9.5, leading=12.5),
            )
        ]
    letters = _Letters(
        profile=profile,
        title=f"{PERMIT_TITLE} {view.number}",
        subject=f"{PERMIT_TITLE} for {view.establishment}, {SECTION}",
        watermark=_watermark(view.status),
    )
    story: list[Flowable] = [
        _title_block(view, printed_on),
        Spacer(1, 8),
        _permit_band(view),
        Spacer(1, 4),
        _signed_block(view, profile),
        *_heading("Permittee and establishment", LOCATION_CITE),
        key_value_block(_permittee(view), label_width=1.3 * INCH),
        *_heading("The sidewalk cafe", f"{CONFIGURATION_CITE}; {CLEARANCE_CITE}"),
        key_value_block(cafe, label_width=1.3 * INCH),
        Spacer(1, 4),
        _area_table(view),
        *_heading("Conditions of the Common Council", ISSUANCE_CITE),
        *conditions,
        *_heading("Term"),
        _markup(_term_text(view), _style("term", st.body, fontSize=9.2, leading=12.2)),
        *_heading("Rules of operation"),
        *_rules_list(rules_of_operation(view)),
        *_heading("Insurance and fee on file", INSURANCE_CITE),
        _terms_block(protection_lines(view)),
    ]
    for page, sheet in enumerate(sheets or [], start=1):
        caption, note = _permit_plan_caption(view, page, len(sheets or []))
        story += [
            NextPageTemplate("wide" if sheet.width > sheet.height else "later"),
            PageBreak(),
            _plan_page(letters, sheet, caption, note),
        ]
    return letters.build([story])


def _area_text(view: PermitView, pages: int) -> str:
    """Where the cafe may be: the area the site plan delineates, attached to the permit."""
    if not view.site_plan_name.strip():
        return "No site plan is on file."
    if not pages:
        return (
            f"As delineated on the site plan {_site_plan_text(view)}, which cannot be read: "
            "attach a copy of the plan to this permit."
        )
    where = "the last page" if pages == 1 else f"the last {pages} pages"
    return f"As delineated on the site plan, {where} of this permit: {_site_plan_text(view)}."


def _permit_plan_caption(view: PermitView, page: int, pages: int) -> tuple[str, str]:
    of = f", page {page} of {pages}" if pages > 1 else ""
    caption = f"The cafe area \u2014 site plan of permit {view.number}{of}"
    scale = (
        f"Drawn to a scale of {view.site_plan_scale}, as noted on the drawing"
        if view.site_plan_scale.strip()
        else "The scale is as noted on the drawing"
    )
    note = (
        f"{view.establishment}, {view.address}. The sidewalk cafe may occupy only the area "
        f"delineated here ({LOCATION_CITE}). {scale}. File: {view.site_plan_name or 'site plan'}."
    )
    return caption, note


# ---- letters numbered one by one ------------------------------------------------------------


class _Letters:
    """Lays out several letters in one PDF, each starting on a letterhead page and numbered on
    its own ("Page 1 of 2"), and sets the pages of a PDF site plan into their placeholders.

    One document rather than one per letter: the fonts and a picture of the site plan are
    embedded once however many neighbours there are.
    """

    def __init__(
        self, *, profile: CityProfile, title: str, subject: str, watermark: str | None = None
    ) -> None:
        register_fonts()
        self.profile = profile
        self.title = title
        self.subject = subject
        self.watermark = watermark  # "EXPIRED" across every page of a permit that no longer stands
        self.starts: list[int] = []  # the first page of each letter, counted from 1
        self.placements: list[tuple[int, Sheet, Matrix]] = []
        self._forms: set[str] = set()

    def once(self, canvas: Canvas, name: str, size: tuple[float, float], draw: Any) -> None:
        """Draw what ``draw(canvas)`` draws, made a form XObject the first time and reused on
        every later page: the letterhead and a picture of the plan are embedded once (and
        ReportLab does not hash the picture again for each letter)."""
        if name not in self._forms:
            canvas.beginForm(name, 0, 0, *size)
            draw(canvas)
            canvas.endForm()
            self._forms.add(name)
        canvas.doForm(name)

    def start(self) -> Flowable:
        """A mark at the top of a letter: where its page numbering starts."""
        from reportlab.platypus import Flowable as Base

        letters = self

        class _Start(Base):
            def wrap(self, aw: float, ah: float) -> tuple[float, float]:
                return 0.0, 0.0

            def draw(self) -> None:
                letters.starts.append(self.canv.getPageNumber())

        return _Start()

    def build(self, letters: Sequence[Sequence[Flowable]]) -> bytes:
        from reportlab.platypus import Frame, NextPageTemplate, PageBreak, PageTemplate
        from reportlab.platypus.doctemplate import BaseDocTemplate

        g = lh.GEOMETRY
        bottom = g.bottom + g.footer_height

        def frame(top_band: float, ident: str, pagesize: tuple[float, float] = LETTER) -> Frame:
            page_w, page_h = pagesize
            return Frame(
                g.left,
                bottom,
                page_w - g.left - g.right,
                page_h - g.top - top_band - bottom,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=ident,
            )

        def marked(canvas: Canvas, pagesize: tuple[float, float]) -> None:
            if self.watermark:
                lh.draw_watermark(canvas, self.watermark, pagesize)

        def first_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER)
            self.once(
                canvas,
                "CafeLetterhead",
                LETTER,
                lambda c: lh.draw_letterhead(c, self.profile, LETTER),
            )

        def later_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER)
            self.once(
                canvas,
                "CafeHeader",
                LETTER,
                lambda c: lh.draw_running_header(c, self.profile, self.title, LETTER),
            )

        def wide_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
            marked(canvas, LETTER_LANDSCAPE)
            self.once(
                canvas,
                "CafeWideHeader",
                LETTER_LANDSCAPE,
                lambda c: lh.draw_running_header(c, self.profile, self.title, LETTER_LANDSCAPE),
            )

        templates = [
            PageTemplate(
                id="first",
                frames=[frame(g.letterhead_height, "first")],
                onPage=first_page,
                autoNextPageTemplate="later",
            ),
            PageTemplate(
                id="later", frames=[frame(g.running_header_height, "later")], onPage=later_page
            ),
            # a plan wider than tall is printed on a landscape page, the larger for it
            PageTemplate(
                id="wide",
                frames=[frame(g.running_header_height, "wide", LETTER_LANDSCAPE)],
                onPage=wide_page,
                pagesize=LETTER_LANDSCAPE,
            ),
        ]
        story: list[Flowable] = []
        for n, letter in enumerate(letters):
            if n:
                story += [NextPageTemplate("first"), PageBreak()]
            story += [self.start(), *letter]
        buffer = io.BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=LETTER,
            leftMargin=g.left,
            rightMargin=g.right,
            topMargin=g.top,
            bottomMargin=g.bottom,
            pageTemplates=templates,
            title=self.title,
            author=self.profile.city_name,
            subject=self.subject,
            creator="Clerk Desk",
            producer="Clerk Desk (ReportLab, pypdf)",
            initialFontName=FONT_REGULAR,
        )
        doc.build(story, canvasmaker=self._canvas_class())
        return self._attach(buffer.getvalue())

    def _canvas_class(self) -> Any:
        """A Canvas that holds every page, then stamps "Page k of n" counted within its letter."""
        from reportlab.pdfgen.canvas import Canvas

        letters = self

        class LetterCanvas(Canvas):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._clerk_pages: list[dict[str, Any]] = []

            def showPage(self) -> None:
                self._clerk_pages.append(dict(self.__dict__))
                self._startPage()

            def save(self) -> None:
                total = len(self._clerk_pages)
                starts = sorted(set(letters.starts)) or [1]
                ends = [*starts[1:], total + 1]
                for state in self._clerk_pages:
                    self.__dict__.update(state)
                    page = self._pageNumber
                    first, end = next(
                        ((s, e) for s, e in zip(starts, ends, strict=True) if s <= page < e),
                        (1, total + 1),
                    )
                    lh.draw_footer(self, page - first + 1, end - first, self._pagesize)
                    Canvas.showPage(self)
                Canvas.save(self)

        return LetterCanvas

    def place(self, canvas: Canvas, sheet: Sheet, matrix: Matrix) -> None:
        self.placements.append((canvas.getPageNumber() - 1, sheet, matrix))

    def _attach(self, body: bytes) -> bytes:
        """Set each page of a PDF site plan into its placeholders: one form XObject for each
        page of the plan, drawn on every letter's copy."""
        if not self.placements:
            return body
        from pypdf import PdfReader, PdfWriter

        from .page_placing import draw_under, form_xobject

        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(body)))
        forms: dict[int, Any] = {}
        for index, sheet, matrix in self.placements:
            form = forms.get(id(sheet))
            if form is None:
                form = forms[id(sheet)] = form_xobject(writer, sheet)
            draw_under(writer, writer.pages[index], form, matrix)
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()


def _size_note(sheet: Sheet, scale: float) -> str:
    """How the plan is printed: a PDF page at its full size or reduced (a picture's pixels
    have no size on paper, so it is drawn as large as the page allows)."""
    if sheet.kind == "image":
        return "Measure by the dimensions written on the plan."
    if scale >= 0.999:
        return "Printed at its full size."
    return (
        f"Reduced to {scale * 100:.0f}% of its size to fit this page: measure by the dimensions "
        "written on the plan."
    )


def _plan_page(letters: _Letters, sheet: Sheet, caption: str, note: str) -> Flowable:
    """A page of the site plan: its caption and a note, then the plan in a thin frame, as large
    as the rest of the page allows (a page of a PDF never enlarged, so a plan that fits keeps
    its scale). A picture is drawn by ReportLab; a page of a PDF is set in afterwards with
    pypdf (:meth:`_Letters._attach`)."""
    from reportlab.platypus import Flowable as Base
    from reportlab.platypus import Paragraph

    st = styles()
    head = _style("plan-caption", st.header_cell, fontSize=10, leading=13)
    small = _style("plan-note", st.small, fontSize=8, leading=10)

    class _PlanPage(Base):
        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            self.width, self.height = aw, ah  # the whole frame: one sheet per page
            return aw, ah

        def split(self, aw: float, ah: float) -> list[Flowable]:
            return []

        def draw(self) -> None:
            canvas = self.canv
            title = Paragraph(escape(caption), head)
            _, th = title.wrap(self.width, self.height)
            title.drawOn(canvas, 0, self.height - th)
            # room measured with the longest wording of the size note, then the true one
            longest = Paragraph(escape(f"{note} {_size_note(sheet, 0.5)}"), small)
            _, nh = longest.wrap(self.width, self.height)
            room_h = self.height - th - nh - 10
            scale = min(self.width / sheet.width, room_h / sheet.height)
            if sheet.kind != "image":
                scale = min(scale, 1.0)
            words = Paragraph(escape(f"{note} {_size_note(sheet, scale)}"), small)
            _, wh = words.wrap(self.width, self.height)
            words.drawOn(canvas, 0, self.height - th - 2 - wh)
            w, h = sheet.width * scale, sheet.height * scale
            x, y = (self.width - w) / 2, room_h - h
            canvas.saveState()
            canvas.setStrokeColor(lh.color(lh.RULE_GREY_HEX))
            canvas.setLineWidth(0.5)
            canvas.rect(x, y, w, h)
            canvas.restoreState()
            if sheet.kind == "image":
                canvas.saveState()
                canvas.translate(x, y)
                canvas.scale(w, h)  # the picture is drawn once in a unit square
                letters.once(
                    canvas,
                    "CafePlanPicture",
                    (1.0, 1.0),
                    lambda c: c.drawImage(sheet.image, 0, 0, width=1, height=1, mask="auto"),
                )
                canvas.restoreState()
                return
            from .page_placing import placing_matrix

            ax, ay = canvas.absolutePosition(x, y)
            letters.place(canvas, sheet, placing_matrix(sheet, ax, ay, scale))

    return _PlanPage()


def _plan_sheets(view: NoticeView) -> list[Sheet]:
    """The applicant's diagram as sheets: one per page of a PDF, one for a picture (turned
    upright as the camera recorded it). Raises Conflict when there is none or it cannot be
    read: § 506-10 (Application for permit) requires the notice to contain a copy of it."""
    if not view.site_plan:
        raise Conflict(
            f"Sidewalk cafe application {view.number} has no site plan attached: the notice "
            "must contain a copy of the diagram submitted by the applicant.",
            cite=APPLICATION_CITE,
        )
    sheets = _readable_sheets(view.site_plan, view.site_plan_name)
    if sheets is None:
        raise Conflict(
            f"The site plan of {view.number} ({view.site_plan_name or 'no name'}) cannot be "
            "read as a PDF, PNG or JPEG file: attach a readable copy of the applicant's diagram "
            "before printing the notice.",
            cite=APPLICATION_CITE,
        )
    return sheets


def _readable_sheets(content: bytes | None, name: str) -> list[Sheet] | None:
    """The pages of a site plan, a picture turned upright; None when there is none or it cannot
    be read."""
    if not content:
        return None
    from .page_placing import Sheet, read_sheets

    sheets = read_sheets(content, caption="", name=name or "site plan", share=None, missing="")
    if sheets[0].kind == "notice":
        return None
    if sheets[0].kind == "image":
        upright = _upright_image(content)
        if upright is not None:
            image, width, height = upright
            sheets = [Sheet("", "image", width=width, height=height, image=image)]
    return sheets


def _upright_image(content: bytes) -> tuple[Any, float, float] | None:
    """A photographed plan turned as the camera's orientation tag says, or None when it is
    upright already (then ReportLab embeds the file as it is, a JPEG without re-encoding)."""
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader

    with Image.open(io.BytesIO(content)) as picture:
        if picture.getexif().get(0x0112, 1) in (None, 1):
            return None
        turned = ImageOps.exif_transpose(picture)
        turned.load()
    return ImageReader(turned), float(turned.width), float(turned.height)


def _plan_caption(view: NoticeView, page: int, pages: int) -> tuple[str, str]:
    of = f", page {page} of {pages}" if pages > 1 else ""
    caption = f"Site plan submitted by the applicant \u2014 application {view.number}{of}"
    scale = (
        f"Drawn to a scale of {view.site_plan_scale}, as noted on the drawing"
        if view.site_plan_scale.strip()
        else "The scale is as noted on the drawing"
    )
    note = (
        f"{view.establishment}, {view.address}. {scale}. "
        f"File: {view.site_plan_name or 'site plan'}."
    )
    return caption, note


def _notice_letter(
    view: NoticeView, neighbor: NeighborLine, profile: CityProfile, pages: int
) -> list[Flowable]:
    from reportlab.platypus import Spacer

    assert view.mailed_on is not None and view.comments_due_on is not None
    recipient = [neighbor.name, *_lines(neighbor.mailing_address)]
    relation = _relation(neighbor).lower()
    due = _day(view.comments_due_on)
    mailed = escape(long_day(view.mailed_on))
    enclosed = "page 2" if pages == 1 else f"pages 2\u2013{pages + 1}"
    facts: list[tuple[str, object]] = [
        ("Applicant", view.applicant_name),
        ("Establishment", view.establishment),
        ("Location", view.address),
        ("Alcohol", view.alcohol),
        ("Diagram", f"The applicant\u2019s site plan is enclosed ({enclosed})."),
    ]
    where = escape(f"the {CLERK}, {_office_line(profile)}")
    email = f", or by e-mail to {escape(profile.email.strip())}" if profile.email.strip() else ""
    story: list[Flowable] = [
        *_letter_top(
            recipient,
            view.mailed_on,
            "Notice of Application for a Sidewalk Cafe Permit",
            f"Application {view.number} \u00b7 {APPLICATION_CITE}",
        ),
        _markup(
            (
                f"You are receiving this notice as the {relation} of property near the "
                f"applicant\u2019s property and the proposed sidewalk cafe (notice is required "
                f"within {NOTICE_RADIUS_FT} feet; it is sent to you as well). "
                if neighbor.beyond
                else f"You are receiving this notice as the {relation} of property within "
                f"{NOTICE_RADIUS_FT} feet of the applicant\u2019s property and the proposed "
                "sidewalk cafe. "
            )
            + f"An application has been filed with the {escape(profile.city_name)} for a "
            "permit to operate a sidewalk cafe \u2014 tables and chairs on the public sidewalk "
            f"\u2014 at <b>{escape(view.establishment)}</b>, {escape(view.address)}."
        ),
        key_value_block(facts, label_width=1.25 * INCH),
        Spacer(1, 8),
        _boxed(
            [
                "<b>Comments.</b> All comments concerning the proposed sidewalk cafe must be "
                f"<b>received by the {CLERK} by {due}</b>, within {COMMENT_DAYS} calendar days "
                f"from the date this notice was mailed, {mailed}.",
                f"Write to {where}{email}, quoting application <b>{escape(view.number)}</b>. "
                + _grey(escape(_cite(APPLICATION_CITE))),
            ],
            fill=True,
        ),
        Spacer(1, 8),
        _markup(
            "After the comment period the application goes to the Common Council for approval "
            "or denial. In considering it, the Council considers comments from the applicant, "
            "the public and City staff. A permit may be issued only after inspection by the "
            "Director of Public Works and approval by the Common Council. "
            + _grey(escape(_cite(ISSUANCE_CITE)))
        ),
        *_letter_foot(
            profile,
            enclosure="Enclosure: the site plan (diagram) submitted by the applicant. "
            f"Sent to the owners and occupants of property within {NOTICE_RADIUS_FT} feet.",
        ),
    ]
    return story


def neighbor_notice_pdf(view: NoticeView, profile: CityProfile) -> bytes:
    """One letter to each owner and occupant of property within 100 feet, dated the day the
    notice is mailed, each followed by the applicant's diagram: that an application was filed,
    whether alcohol will be served if the permit is granted, and the last day the City Clerk
    must receive comments, 15 calendar days from mailing (§ 506-10 (Application for permit)).

    Each letter is numbered on its own. Raises :class:`~clerk_desk.errors.Conflict` before the
    day of mailing is recorded (the letter states the last day for comments, counted from it),
    with no one listed, or without a readable site plan.
    """
    from reportlab.platypus import NextPageTemplate, PageBreak

    if view.mailed_on is None or view.comments_due_on is None:
        raise Conflict(
            f"Record the day the notice of {view.number} is mailed first: the letter states the "
            f"last day for comments, {COMMENT_DAYS} calendar days from mailing.",
            cite=APPLICATION_CITE,
        )
    if not view.neighbors:
        raise Conflict(
            f"No owners or occupants within {NOTICE_RADIUS_FT} feet are listed for {view.number}: "
            "there is no one to send the notice to.",
            cite=APPLICATION_CITE,
        )
    sheets = _plan_sheets(view)
    letters = _Letters(
        profile=profile,
        title=f"Notice of sidewalk cafe application {view.number}",
        subject=f"Notice to owners and occupants within {NOTICE_RADIUS_FT} feet, "
        f"{APPLICATION_CITE}",
    )
    stories: list[list[Flowable]] = []
    for neighbor in view.neighbors:
        story = _notice_letter(view, neighbor, profile, len(sheets))
        for page, sheet in enumerate(sheets, start=1):
            caption, note = _plan_caption(view, page, len(sheets))
            wide = "wide" if sheet.width > sheet.height else "later"
            story += [
                NextPageTemplate(wide),
                PageBreak(),
                _plan_page(letters, sheet, caption, note),
            ]
        stories.append(story)
    return letters.build(stories)


# ---- mailing labels -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LabelSheet:
    """A sheet of address labels, in points: Avery 5160 and its equivalents (5260, 5520, 8160):
    30 labels of 1 by 2 5/8 inches, three across and ten down, on US Letter."""

    columns: int = 3
    rows: int = 10
    width: float = 2.625 * INCH
    height: float = 1.0 * INCH
    top: float = 0.5 * INCH
    side: float = 0.1875 * INCH
    gutter: float = 0.125 * INCH  # between two columns; the rows touch
    pad_x: float = 0.14 * INCH  # kept clear inside the label's rounded corners
    pad_y: float = 0.07 * INCH

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """The lower left corner of label ``slot`` (0 to 29, across then down) on the page."""
        row, column = divmod(slot, self.columns)
        x = self.side + column * (self.width + self.gutter)
        y = LETTER[1] - self.top - (row + 1) * self.height
        return x, y


AVERY_5160 = LabelSheet()


def label_lines(neighbor: NeighborLine) -> list[str]:
    """What a label says: the name, then the mailing address line by line."""
    return [neighbor.name.strip(), *_lines(neighbor.mailing_address)]


def _ellipsized(text: str, size: float, width: float) -> str:
    if text_width(text, size=size) <= width:
        return text
    while text and text_width(text + "\u2026", size=size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _draw_label(canvas: Canvas, sheet: LabelSheet, slot: int, lines: Sequence[str]) -> None:
    """The lines at the largest size from 10 pt down to 7 pt at which they fit the label,
    centred top to bottom, left-aligned; a line still too long is cut with an ellipsis."""
    x, y = sheet.origin(slot)
    room_w = sheet.width - 2 * sheet.pad_x
    room_h = sheet.height - 2 * sheet.pad_y
    size = 10.0
    while size > 7.0 and (
        max(text_width(line, size=size) for line in lines) > room_w
        or len(lines) * size * 1.17 > room_h
    ):
        size -= 0.5
    leading = size * 1.17
    shown = list(lines[: max(1, int(room_h // leading))])
    if len(shown) < len(lines):  # too many lines even at 7 pt: keep the last (city, ZIP)
        shown[-1] = lines[-1]
    block = len(shown) * leading
    baseline = y + sheet.height / 2 + block / 2 - size * 0.93
    canvas.setFont(FONT_REGULAR, size)
    for line in shown:
        canvas.drawString(x + sheet.pad_x, baseline, _ellipsized(line, size, room_w))
        baseline -= leading


def mailing_labels_pdf(
    neighbors: Sequence[NeighborLine],
    profile: CityProfile,
    *,
    skip: int = 0,
    title: str = "Mailing labels",
    sheet: LabelSheet = AVERY_5160,
) -> bytes:
    """Address labels for the envelopes of the neighbour notice, on Avery 5160 sheets: 30 a
    page, across then down, in the order of the list. ``skip`` leaves that many labels of the
    first sheet blank (a sheet already partly used). Nothing is printed outside the labels.

    Raises :class:`~clerk_desk.errors.Conflict` when no one is listed.
    """
    from reportlab.pdfgen.canvas import Canvas

    if not neighbors:
        raise Conflict(
            "No owners or occupants are listed: there are no mailing labels to print.",
            cite=APPLICATION_CITE,
        )
    if not 0 <= skip < sheet.per_sheet:
        raise ValueError(f"skip must be from 0 to {sheet.per_sheet - 1}")
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=LETTER, initialFontName=FONT_REGULAR, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor(profile.city_name)
    canvas.setSubject(f"Avery 5160 address labels, {len(neighbors)} addressees")
    canvas.setCreator("Clerk Desk")
    canvas.setProducer("Clerk Desk (ReportLab)")
    canvas.setFillColor(lh.color(_INK))
    slot = skip
    for neighbor in neighbors:
        if slot == sheet.per_sheet:
            canvas.showPage()
            canvas.setFillColor(lh.color(_INK))
            slot = 0
        _draw_label(canvas, sheet, slot, label_lines(neighbor))
        slot += 1
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# ---- the list attached to the packet --------------------------------------------------------


def _counts(neighbors: Sequence[NeighborLine]) -> str:
    occupants = sum(1 for n in neighbors if _relation(n) == "Occupant")
    owners = len(neighbors) - occupants
    beyond = sum(1 for n in neighbors if n.beyond)
    return (
        f"{plural(len(neighbors), 'addressee')}: {plural(owners, 'owner')}, "
        f"{plural(occupants, 'occupant')}" + (f"; {beyond} {BEYOND_RADIUS}" if beyond else "")
    )


def neighbor_list_pdf(view: NoticeView, profile: CityProfile) -> bytes:
    """The list of the full names and addresses of the property owners and occupants to whom
    notice was sent, attached to the application packet (§ 506-10 (Application for permit)),
    with the City Administrator's certificate of mailing. Before the notice is mailed it prints
    as a DRAFT of those to be notified.
    """
    from reportlab.platypus import KeepTogether, Spacer

    st = styles()
    mailed = view.mailed_on is not None
    facts: list[tuple[str, object]] = [
        ("Application", view.number),
        ("Applicant", view.applicant_name),
        ("Establishment", f"{view.establishment}, {view.address}"),
        ("Alcohol", view.alcohol),
    ]
    if view.mailed_on is not None:
        facts.append(("Notice mailed", long_day(view.mailed_on)))
    else:
        facts.append(("Notice mailed", "Not yet"))
    if view.comments_due_on is not None:
        due = escape(f"Received by the {CLERK} by {long_day(view.comments_due_on)}")
        how = view.comments_explanation.strip()
        facts.append(
            (
                "Comments due",
                _markup(
                    due + (f"<br/>{_grey(escape(how), 8)}" if how else ""),
                    _style("due", styles().value),
                ),
            )
        )
    title = "Owners and Occupants Notified" if mailed else "Owners and Occupants to Be Notified"
    story: list[Flowable] = [
        para(title, st.title),
        para(
            f"Property within {NOTICE_RADIUS_FT} feet of the applicant\u2019s property and the "
            f"proposed sidewalk cafe \u00b7 {_counts(view.neighbors)} \u00b7 {APPLICATION_CITE}",
            st.subtitle,
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _neighbor_table(view.neighbors),
    ]
    if view.mailed_on is not None:
        story += [
            Spacer(1, 12),
            KeepTogether(
                [
                    _markup(
                        f"I certify that on <b>{escape(long_day(view.mailed_on))}</b> notice that "
                        f"application {escape(view.number)} for a sidewalk cafe permit has been "
                        "filed, with a copy of the diagram submitted by the applicant, was mailed "
                        "to each owner and occupant listed above, at the address shown."
                    ),
                    side_by_side(
                        _signature(profile, width=3.0 * INCH),
                        signature_line("Date", width=1.6 * INCH),
                        [3.6 * INCH, "*"],
                        valign="BOTTOM",
                    ),
                ]
            ),
        ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Notice list \u2014 sidewalk cafe application {view.number}",
        subject=f"Owners and occupants within {NOTICE_RADIUS_FT} feet, {APPLICATION_CITE}",
        watermark=None if mailed else "DRAFT",
    )


def _neighbor_table(neighbors: Sequence[NeighborLine]) -> Flowable:
    """The full names and addresses of those notified, one a line; an owner more than 100 feet
    away marked "beyond 100 ft — not required"."""
    rows = [
        (
            str(n),
            line.name,
            "\n".join(_lines(line.mailing_address)),
            line.parcel_number,
            _relation(line),
            _distance(line),
        )
        for n, line in enumerate(neighbors, start=1)
    ]
    if not rows:
        return para("No one is listed yet.", _body())
    return data_table(
        ("No.", "Name", "Mailing address", "Parcel", "Owner or occupant", "Distance"),
        rows,
        col_widths=[0.4 * INCH, "26%", "*", 0.85 * INCH, 0.8 * INCH, 1.05 * INCH],
        align=("right", "left", "left", "left", "left", "right"),
        plain=(True, False, False, False, True, False),
    )


# ---- the application packet for the Council -------------------------------------------------

_STATE_COLOURS = {"Met": "#1B6E2E", "Waiting": "#8A5A00", "Not met": "#B00020"}
_LEVEL_WORDS = {"block": "Stops", "warn": "Check", "info": "Note"}


def _packet_cover(packet: Packet, view: PacketView, profile: CityProfile) -> list[Flowable]:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import HRFlowable, Spacer

    from .packet import Mark

    st = styles()
    navy, grey = lh.color(lh.NAVY_HEX), lh.color(lh.GREY_HEX)

    def centred(name: str, size: float, *, bold: bool = False, color: Any = None) -> Any:
        return _style(
            f"cover-{name}",
            st.body,
            fontName=FONT_BOLD if bold else FONT_REGULAR,
            fontSize=size,
            leading=size * 1.25,
            alignment=TA_CENTER,
            textColor=color if color is not None else st.body.textColor,
            spaceAfter=size * 0.35,
        )

    if view.meeting_at is not None:
        when = (
            f"For the Common Council, {long_day(view.meeting_at.date())} at "
            f"{clock_time(view.meeting_at, dotted=True)}"
        )
        place = view.meeting_place
    else:
        when, place = "Not yet placed before the Common Council", ""
    flow: list[Flowable] = [
        Spacer(1, 0.5 * INCH),
        packet.mark(
            para("Sidewalk Cafe Application", centred("title", 26, bold=True, color=navy)),
            Mark("cover", "Cover", toc=False),
        ),
        para(f"Application {view.number} \u00b7 {SECTION}", centred("number", 14, color=navy)),
        Spacer(1, 0.15 * INCH),
        para(view.establishment, centred("establishment", 16, bold=True)),
        para(view.address, centred("address", 12)),
        para(f"Applicant: {view.applicant_name}", centred("applicant", 11)),
        Spacer(1, 0.25 * INCH),
        HRFlowable(width="60%", thickness=1.2, color=navy, spaceBefore=0, spaceAfter=0.25 * INCH),
        para(when, centred("when", 12, bold=True)),
    ]
    if place:
        flow.append(para(place, centred("place", 11)))
    flow += [
        para(f"As it stands: {view.status}", centred("status", 11, color=grey)),
        Spacer(1, 0.3 * INCH),
        _boxed(
            [
                "The City Administrator shall promptly forward each fully completed application "
                "packet with all other relevant documents and information to the Common "
                "Council for final review and action of approval or denial. In considering an "
                "application the Common Council shall consider comments from the applicant, "
                "the public, and City staff. "
                + _grey(escape(_cite(f"{APPLICATION_CITE}; {ISSUANCE_CITE}")))
            ],
            fill=True,
        ),
        Spacer(1, 0.3 * INCH),
        para(
            f"Packet prepared {format_day(view.prepared_on)} by the office of the {CLERK}, "
            f"{profile.city_name}.",
            centred("prepared", 9, color=grey),
        ),
    ]
    return flow


def _packet_heading(
    packet: Packet, key: str, title: str, cite: str = "", *, new_page: bool = True
) -> list[Flowable]:
    """A section of the packet: on a new page (or not), in the contents and the bookmarks."""
    from reportlab.platypus import PageBreak

    from .packet import Mark

    keep, heading = _heading(title, cite)
    return [PageBreak() if new_page else keep, packet.mark(heading, Mark(key, title))]


def _packet_summary(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Spacer

    who = view.applicant_name
    address = _lines(view.applicant_address)
    if address:
        who += "\n" + "\n".join(address)
    place = " \u00b7 ".join(
        p
        for p in (
            f"Parcel {view.parcel_number}" if view.parcel_number.strip() else "",
            (f"zoned {view.zoning_district}" if view.zoning_district.strip() else "")
            + ("" if view.commercially_zoned else " (not recorded as commercially zoned)"),
        )
        if p.strip()
    )
    facts: list[tuple[str, object]] = [
        ("Applicant", who),
        ("Establishment", f"{view.establishment}, {view.address}"),
    ]
    if place:
        facts.append(("Property", place[:1].upper() + place[1:]))
    if view.renews_number.strip():
        facts.append(("Renews", f"Permit {view.renews_number}"))
    facts += [
        ("Received", f"{long_day(view.applied_on)}, by {view.received_by}"),
        ("Configuration", view.configuration or "Not stated"),
        ("Umbrellas", view.umbrellas),
        (
            "Hours",
            (view.hours or "Not given")
            + (f" (the indoor establishment: {view.indoor_hours})" if view.indoor_hours else ""),
        ),
        (
            "Alcohol",
            (
                "To be served"
                + (
                    f"; liquor license {view.liquor_license}"
                    if view.liquor_license.strip()
                    else "; no liquor license entered"
                )
            )
            if view.serves_alcohol
            else "None to be served"
            + (f" (liquor license {view.liquor_license} held)" if view.liquor_license else ""),
        ),
    ]
    if view.gross_sales is not None and view.food_sales is not None:
        share = f" ({view.food_share})" if view.food_share else ""
        facts.append(
            (
                "Sales",
                f"Food and non-alcoholic beverages {view.food_sales} of {view.gross_sales} "
                f"gross sales{share}"
                + (f", {view.sales_period}" if view.sales_period else "")
                + (f"; records: {view.sales_records_name}" if view.sales_records_name else ""),
            )
        )
    fee = (
        f"{view.fee_amount}, paid"
        if view.fee_owed <= Money.zero()
        else f"{view.fee_amount}; {view.fee_owed} still owed"
    )
    facts.append(("Fee", fee))
    return [
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 6),
        _area_table(view),
    ]


def _packet_checklist(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Paragraph

    st = styles()
    state_style = _style("check-state", st.cell, fontName=FONT_BOLD)
    text = _style("check-text", st.cell, fontSize=8.6, leading=11.2)
    rows = []
    for line in view.checklist:
        colour = _STATE_COLOURS.get(line.state, _INK)
        due = f" \u2014 by {format_day(line.due)}" if line.due and line.state != "Met" else ""
        found = "<br/>".join(
            f"<b>{_LEVEL_WORDS.get(f.level, f.level)}:</b> {escape(f.text)} "
            + _grey(escape(_cite(f.cite)), 7.5)
            for f in line.findings
        )
        rows.append(
            (
                Paragraph(f"<font color='{colour}'>{escape(line.state)}</font>", state_style),
                Paragraph(f"<b>{escape(line.title)}</b>{escape(due)}", text),
                Paragraph(found or _grey(escape(_cite(line.cite)), 7.5), text),
            )
        )
    return [
        _markup(
            f"Each requirement of {SECTION} as it stands on {escape(long_day(view.prepared_on))}: "
            "met, waiting (its time has not come) or not met, with the reasons.",
            _style("check-intro", _body(), fontSize=9.5, leading=12.5),
        ),
        data_table(("", "Requirement", "Findings"), rows, col_widths=[0.7 * INCH, "30%", "*"]),
    ]


def _packet_comments(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Paragraph

    st = styles()
    late = [c for c in view.comments if not c.timely]
    due = (
        f"Comments were to be received by the {CLERK} by "
        f"<b>{escape(long_day(view.comments_due_on))}</b>, {COMMENT_DAYS} calendar days from "
        "the mailing of the notice. "
        if view.comments_due_on
        else "The notice has not been mailed. "
    )
    if not view.comments:
        return [_markup(due + "No comments were received.")]
    count = (
        f"{plural(len(view.comments), 'comment')} received: "
        f"{len(view.comments) - len(late)} in time, {len(late)} late (kept for the Council)."
    )
    text = _style("comment-text", st.cell, fontSize=8.8, leading=11.4)
    rows = [
        (
            format_day(c.received_on),
            c.commenter,
            c.source,
            "Yes" if c.timely else "Late",
            Paragraph(
                escape(c.text).replace("\n", "<br/>")
                + (f"<br/>{_grey(escape(c.late), 7.5)}" if c.late else ""),
                text,
            ),
        )
        for c in view.comments
    ]
    return [
        _markup(due + escape(count)),
        data_table(
            ("Received", "From", "Source", "In time", "Comment"),
            rows,
            col_widths=[1.2 * INCH, "22%", 0.8 * INCH, 0.62 * INCH, "*"],
            plain=(True, False, True, True, False),
        ),
    ]


def _packet_police(view: PacketView) -> list[Flowable]:
    if not view.police_needed:
        return [
            _markup(
                "Not required: no alcohol will be served and no liquor license is held. The "
                "City Administrator forwards to the Chief of Police only the applications of a "
                "business that holds a liquor license or means to serve alcohol."
            )
        ]
    facts: list[tuple[str, object]] = [("Why", view.police_why[:1].upper() + view.police_why[1:])]
    facts.append(("Sent", long_day(view.police_sent_on) if view.police_sent_on else "Not yet sent"))
    if view.police_reviewed_on is None:
        facts.append(("Review", "The Chief's written review is not on record yet."))
    else:
        verdict = (
            "Approved in writing"
            if view.police_approved
            else "Memorandum of concerns to the City Administrator"
        )
        facts.append(("Review", f"{verdict}, {long_day(view.police_reviewed_on)}"))
    flow: list[Flowable] = [key_value_block(facts, label_width=1.3 * INCH)]
    if view.police_memo.strip():
        title = "The Chief's memorandum" if not view.police_approved else "The Chief's words"
        flow.append(_boxed([f"<b>{title}.</b> " + escape(view.police_memo).replace("\n", "<br/>")]))
    return flow


def _packet_dpw(view: PacketView) -> list[Flowable]:
    if view.dpw_inspected_on is None:
        return [_markup("The Director of Public Works has not inspected yet.")]
    facts: list[tuple[str, object]] = [
        ("Inspected", f"{long_day(view.dpw_inspected_on)}, by {view.dpw_inspected_by}"),
        ("Result", "Satisfied" if view.dpw_satisfied else "Not satisfied"),
    ]
    if view.dpw_note.strip():
        facts.append(("Note", view.dpw_note))
    return [key_value_block(facts, label_width=1.3 * INCH)]


def _packet_neighbors(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Spacer

    notice = view.notice
    mailed = (
        f"Notice mailed {long_day(notice.mailed_on)} to the "
        f"{_counts(notice.neighbors)}; comments due by "
        f"{long_day(notice.comments_due_on)}."
        if notice.mailed_on is not None and notice.comments_due_on is not None
        else f"The notice has not been mailed: {_counts(notice.neighbors)} listed."
    )
    return [
        _markup(
            escape(mailed)
            + " The list of the full names and addresses of the property owners and occupants "
            "to whom notice was sent. " + _grey(escape(_cite(APPLICATION_CITE)))
        ),
        Spacer(1, 4),
        _neighbor_table(notice.neighbors),
    ]


def packet_pdf(view: PacketView, profile: CityProfile) -> bytes:
    """The application packet the City Administrator forwards to the Common Council
    (§ 506-10 (Application for permit)): a cover naming the meeting, a contents page, then the
    application in brief, the checklist as it stands on the day prepared, the comments received
    (timely and late, the late ones marked), the Chief of Police's review and memorandum, the
    Director of Public Works' inspection, the list of the owners and occupants notified, and the
    pages of the applicant's site plan. Every page reads "Packet page N of M".

    The site plan is set in from the file kept (a PDF page by page, a picture drawn); one that
    is missing or cannot be read gets a page saying so, so the packet always prints.
    """
    from .packet import Mark, Packet

    notice = view.notice
    packet = Packet(
        profile=profile,
        title=f"{PACKET_TITLE} {view.number}",
        subject=f"Sidewalk cafe application {view.number} for the Common Council, {SECTION}",
    )
    cover = _packet_cover(packet, view, profile)
    body: list[Flowable] = [
        *_packet_heading(packet, "summary", "The application", LOCATION_CITE),
        *_packet_summary(view),
        *_packet_heading(
            packet, "checklist", "Checklist as it stands", ISSUANCE_CITE, new_page=False
        ),
        *_packet_checklist(view),
        *_packet_heading(packet, "comments", "Comments received", APPLICATION_CITE, new_page=False),
        *_packet_comments(view),
        *_packet_heading(packet, "police", "Chief of Police", APPLICATION_CITE, new_page=False),
        *_packet_police(view),
        *_packet_heading(
            packet,
            "dpw",
            "Inspection by the Director of Public Works",
            ISSUANCE_CITE,
            new_page=False,
        ),
        *_packet_dpw(view),
        *_packet_heading(packet, "notified", "Owners and occupants notified", APPLICATION_CITE),
        *_packet_neighbors(view),
    ]
    name = notice.site_plan_name or "site plan"
    scale = f", drawn to a scale of {notice.site_plan_scale}" if notice.site_plan_scale else ""
    body += packet.attachment(
        notice.site_plan,
        caption=f"Site plan submitted by the applicant \u2014 {view.number}{scale} ({name})",
        name=name,
        share_key=view.site_plan_sha256 or None,
        missing="No site plan is attached to the application.",
        mark=Mark("site_plan", "Site plan"),
    )
    return packet.build(cover=cover, body=body)


# ---- suspension and revocation --------------------------------------------------------------


def _permittee_lines(view: LetterView) -> list[str]:
    return [view.applicant_name, *_lines(view.applicant_address)]


def _check_kind(view: LetterView, kind: str) -> None:
    if view.kind != kind:
        raise ValueError(f"a {kind} letter needs a {kind} view, not a {view.kind!r} one")


def suspension_letter_pdf(
    view: LetterView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The written notice to the permittee of a temporary suspension of the cafe's operation:
    the days, the reason, and either the seven days' notice § 506-10 (Term and renewal of
    permit; temporary suspension of operation) gives or the emergency for which it gives none.

    Dated the day of the notice; an emergency suspension without prior notice is dated
    ``printed_on`` (else the day it starts) and confirms it in writing.
    """
    from reportlab.platypus import Spacer

    _check_kind(view, "suspension")
    if view.starts_on is None or view.ends_on is None:
        raise ValueError("a suspension letter needs the days of the suspension")
    dated = view.notice_on or printed_on or view.starts_on
    starts, ends = _day(view.starts_on), _day(view.ends_on)
    span = (
        f"on <b>{starts}</b>"
        if view.starts_on == view.ends_on
        else f"from <b>{starts}</b> through <b>{ends}</b>"
    )
    reasons = _lines(view.reason) or ["No reason was recorded."]
    facts: list[tuple[str, object]] = [
        ("Permit", view.number),
        ("Establishment", f"{view.establishment}, {view.address}"),
        (
            "Suspended",
            long_day(view.starts_on)
            if view.starts_on == view.ends_on
            else f"{long_day(view.starts_on)} through {long_day(view.ends_on)}",
        ),
    ]
    if view.emergency:
        facts.append(("Notice", "None in advance: an emergency, as determined by the City"))
    elif view.notice_on is not None:
        days = (view.starts_on - view.notice_on).days  # shown, not a deadline computed
        facts.append(
            (
                "Written notice",
                f"Given {long_day(view.notice_on)}, {plural(days, 'day')} before the suspension "
                f"begins (at least {SUSPENSION_NOTICE_DAYS} are required)",
            )
        )
    if view.emergency:
        why = (
            "This suspension is made <b>in an emergency as determined by the City, without "
            "prior notice</b>, as the ordinance allows; this letter confirms it in writing. "
            "Failure or inability to give prior written notice does not affect the City\u2019s "
            "right and power to prohibit the cafe\u2019s operation temporarily."
        )
    else:
        why = (
            "This letter is the written notice, given <b>at least "
            f"{SUSPENSION_NOTICE_DAYS} days</b> before, that the ordinance requires for a "
            "suspension because of anticipated or actual conflicts in the use of the sidewalk "
            "area, such as scheduled festivals, parades and similar events, and street or "
            "sidewalk repairs."
        )
    story: list[Flowable] = [
        *_letter_top(
            _permittee_lines(view),
            dated,
            "Temporary Suspension of Sidewalk Cafe Operation",
            f"Sidewalk cafe permit {view.number} \u00b7 {TERM_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _markup(
            f"The {escape(profile.city_name)} is temporarily suspending the operation of your "
            f"sidewalk cafe at <b>{escape(view.establishment)}</b>, {escape(view.address)}, "
            f"{span}, for the following " + ("reason:" if len(reasons) == 1 else "reasons:")
        ),
        *_numbered(reasons, size=10),
        Spacer(1, 4),
        _markup(why + " " + _grey(escape(_cite(TERM_CITE)))),
        _boxed(
            [
                "<b>During the suspension no part of the sidewalk cafe may operate.</b> Remove "
                "all tables, chairs, umbrellas, barriers and other fixtures from the sidewalk "
                f"before {starts} and keep them off it "
                + ("that day" if view.starts_on == view.ends_on else f"through {ends}")
                + ". Operation may resume the day after the suspension ends.",
                "The City, its agents and employees are not responsible for fixtures or property "
                "that may be damaged, moved, relocated or removed.",
            ]
        ),
        Spacer(1, 8),
        _markup(
            "Your permit is otherwise unchanged"
            + (f": it expires {escape(long_day(view.expires_on))}" if view.expires_on else "")
            + ", and the suspension does not extend its term."
        ),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Suspension \u2014 sidewalk cafe permit {view.number}",
        subject=f"Temporary suspension of a sidewalk cafe, {TERM_CITE}",
    )


def revocation_notice_pdf(
    view: LetterView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The written notice to the permittee of the public meeting at which the Common Council
    will consider revoking the permit, temporarily or permanently, with the grounds, given at
    least 10 days before it (§ 506-10 (Revocation of permit; appeal)).
    """
    from reportlab.platypus import Spacer

    _check_kind(view, "revocation")
    if view.meeting_at is None:
        raise ValueError("a revocation notice needs the Council meeting")
    dated = view.notice_on or printed_on or view.meeting_at.date()
    meeting_day = view.meeting_at.date()
    when = f"{long_day(meeting_day)}, at {clock_time(view.meeting_at, dotted=True)}"
    place = view.meeting_place.strip() or profile.council_meeting_place
    grounds = _lines(view.grounds) or ["No grounds were recorded."]
    facts: list[tuple[str, object]] = [
        ("Permit", view.number),
        ("Establishment", f"{view.establishment}, {view.address}"),
        ("Council meeting", when),
        ("Place", place),
    ]
    if view.notice_on is not None:
        days = (meeting_day - view.notice_on).days  # shown, not a deadline computed
        facts.append(
            (
                "Written notice",
                f"Given {long_day(view.notice_on)}, {plural(days, 'day')} before the meeting "
                f"(at least {REVOCATION_NOTICE_DAYS} are required)",
            )
        )
    story: list[Flowable] = [
        *_letter_top(
            _permittee_lines(view),
            dated,
            "Notice of Meeting on Revocation of Permit",
            f"Sidewalk cafe permit {view.number} \u00b7 {REVOCATION_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _boxed(
            [
                "The Common Council will consider <b>revoking your sidewalk cafe permit</b>, "
                f"temporarily or permanently, at a public meeting on <b>{_day(meeting_day)}, at "
                f"{clock_time(view.meeting_at, dotted=True)}</b>, {escape(place)}.",
                "This letter is the written notice to the permittee, given at least "
                f"{REVOCATION_NOTICE_DAYS} days before the meeting, that the ordinance requires "
                "before the Council may act. The meeting is public: you may attend, with anyone "
                "you wish to speak for you. " + _grey(escape(_cite(REVOCATION_CITE))),
            ],
            fill=True,
        ),
        *_heading("The grounds"),
        *_numbered(grounds, size=10),
        Spacer(1, 4),
        _markup(
            "The Council may revoke a sidewalk cafe permit upon a finding that "
            + "; that ".join(escape(g) for g in REVOCATION_GROUNDS[:-1])
            + f"; or for {escape(REVOCATION_GROUNDS[-1])}. "
            + _grey(escape(_cite(REVOCATION_CITE))),
            _style("grounds-law", _body(), fontSize=9, leading=12),
        ),
        _markup(
            "Until the Council acts, your permit stands"
            + (f"; it expires {escape(long_day(view.expires_on))}" if view.expires_on else "")
            + ". You will be told the Council\u2019s decision in writing."
        ),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Revocation meeting \u2014 sidewalk cafe permit {view.number}",
        subject=f"Notice of a revocation meeting, {REVOCATION_CITE}",
    )


# ---- Excel -----------------------------------------------------------------------------------

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
    )
