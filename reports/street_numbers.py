"""The street numbering papers of § 506-16: the letter, the notice, the register.

* :func:`number_letter_pdf` — the official street number letter the Building Inspector sends the
  owner when a number is assigned: the number, big, and how § 506-16 says it must be displayed.
* :func:`noncompliance_notice_pdf` — the notice served after 20 days' neglect, requiring the
  building to be numbered within 10 days after service, with a block to record the service.
* :func:`street_register_pdf` — the numbering register of one street, odd and even sides apart.
* :func:`register_excel` — the whole register in Excel; :func:`import_problems_excel` — what an
  address-list import found wrong, line by line, so the Clerk can fix the file.

A letter and a notice write their dates out ("November 30, 2026", :func:`month_day`) and keep
each citation on one line (:func:`unbroken`); the register's tables keep the short "Mon Nov 30,
2026". The display rules are written here once, in plain words, in a long form for the letter
(:func:`display_rules`) and a short one for the notice (:func:`display_brief`), side by side so
the two can never tell an owner different things; the heights they state are the core's
(:func:`clerk_desk.street_numbers.rules.number_heights`). Every paper is drawn from the views of
:mod:`clerk_desk.street_numbers.views`, after the read has closed. ReportLab and openpyxl are
imported only when a paper is made.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.kinds import AddressStatus, BuildingKind, Compass
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import rules
from clerk_desk.street_numbers.importing import ImportProblem
from clerk_desk.street_numbers.rules import SERVICE_MANNERS
from clerk_desk.street_numbers.views import AddressRow, CaseRow, StreetRow
from clerk_desk.words import format_day, long_day, month_day, plural

from . import letterhead as lh
from .document import (
    INCH,
    LETTER_LANDSCAPE,
    Align,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import Column, ProgressCallback, write_register
from .fonts import FONT_BOLD, FONT_REGULAR, text_width
from .permit_parts import frame_width, side_by_side

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

SECTION_CITE = "§ 506-16"
ASSIGN_CITE = "§ 506-16 (Buildings to have street numbers)"
DISPLAY_CITE = "§ 506-16 (Building numbering required)"
NEW_BUILDINGS_CITE = "§ 506-16 (New houses and buildings)"
ALTER_CITE = "§ 506-16 (Altering numbers)"
NONCOMPLIANCE_CITE = "§ 506-16 (Noncompliance)"
FORFEITURE = "§ 1-4 of the City Code"
"""The general penalty section: it is in Chapter 1, not Chapter 506, so it is named, not cited."""

INSPECTOR = "Building Inspector"
NBSP = "\u00a0"
_BLANK = "\u00a0"  # a cell left blank to be filled in by hand still needs a line's height
_MISMATCH_MARK = "*"


# ---- shared wording -------------------------------------------------------------------------


def unbroken(cite: str) -> str:
    """A citation that never wraps in the middle ("§ 506-16 (Noncompliance)" on one line)."""
    return cite.replace(" ", NBSP)


def _kind(address: AddressRow) -> BuildingKind:
    return address.kind


def _side_text(odd_side: Compass, side: Compass | str) -> str:
    """ "East (odd)": the side and the numbers it carries."""
    compass = Compass(side)
    return f"{compass.label.capitalize()} ({rules.parity(odd_side, compass)})"


def _wrong_side(address: AddressRow) -> bool:
    """The number's parity is not the one its side carries (a warning the Inspector accepted)."""
    return rules.wrong_side(address.odd_side, address.side, address.number)


def _recipient_lines(address: AddressRow) -> list[str]:
    """Who the letter goes to: the owner and their mailing address, else the parcel's owner at
    the property itself (a letter with no address on it cannot be mailed)."""
    if address.owner_id is None:
        return [f"To the owner of parcel {address.parcel_number}", address.text]
    lines = [address.owner]
    if address.owner_contact.strip():
        lines.append(f"Attn: {address.owner_contact.strip()}")
    mailing = address.owner_mailing.strip()
    lines += mailing.splitlines() if mailing else [address.text]
    return lines


def display_rules(address: AddressRow) -> list[str]:
    """How § 506-16 (Building numbering required) says the numbers must be displayed, in plain
    words, for this building (five-inch numbers for a multiple dwelling). Markup-safe text."""
    street = escape(address.street)
    number = address.number
    heights = rules.number_heights(_kind(address))
    if _kind(address) is BuildingKind.MULTIPLE_DWELLING:
        height = (
            "This building is a <b>multiple dwelling</b>: the building number must be "
            f"<b>at least {heights.building_in} inches high</b>, and each apartment or unit "
            f"number <b>at least {heights.unit_in} inches high</b>, preferably block style."
        )
    else:
        height = (
            f"Numbers <b>at least {heights.building_in} inches high</b>, preferably block style."
        )
    return [
        f"Easily seen from <b>{street}</b>, the street the building is addressed to.",
        height,
        "In a color that contrasts distinctly with the surface they are placed on.",
        "As close to the main entry door as practical \u2014 <b>not on garage doors</b> or in "
        "similar places on the building that may become covered.",
        f"In figures (\u201c{number}\u201d); the number may <b>never be spelled out in words</b>.",
    ]


def display_brief(address: AddressRow) -> str:
    """The display rules of :func:`display_rules` in one paragraph, for the notice."""
    street = escape(address.street)
    heights = rules.number_heights(_kind(address))
    if _kind(address) is BuildingKind.MULTIPLE_DWELLING:
        height = (
            f"the building number <b>at least {heights.building_in} inches high</b> (this is a "
            f"multiple dwelling) and each apartment or unit number <b>at least "
            f"{heights.unit_in} inches high</b>, preferably block style"
        )
    else:
        height = f"<b>at least {heights.building_in} inches high</b>, preferably block style"
    return (
        f"The numbers must be easily seen from <b>{street}</b>; {height}; in a color that "
        "contrasts distinctly with the surface they are on; as close to the main entry door as "
        "practical, <b>not on garage doors</b> or in similar places that may become covered; and "
        f"in figures (\u201c{address.number}\u201d), <b>never spelled out in words</b>."
    )


def _fit_size(text: str, *, size: float, minimum: float, width: float) -> float:
    """The largest bold size from ``size`` down to ``minimum`` at which ``text`` fits."""
    while size > minimum and text_width(text, size=size, bold=True) > width:
        size -= 1.0
    return size


# ---- flowables --------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-street-numbers-{name}", parent=parent, **kw)


def _bullets(items: Sequence[str], *, size: float = 9.3) -> list[Flowable]:
    """Markup paragraphs with a bullet, hanging-indented."""
    from reportlab.platypus import Paragraph

    st = styles()
    style = _style(
        f"bullet-{size}",
        st.body,
        fontSize=size,
        leading=round(size * 1.3, 1),
        leftIndent=14,
        bulletIndent=3,
        spaceAfter=1.5,
    )
    return [Paragraph(text, style, bulletText="\u2022") for text in items]


def _heading(text: str, cite: str) -> Flowable:
    """A section heading with the paragraph of § 506-16 it explains, in grey, after it."""
    from reportlab.platypus import Paragraph

    st = styles()
    style = _style("heading", st.heading, fontSize=10.5, leading=13.5, spaceBefore=6, spaceAfter=2)
    return Paragraph(
        f"{escape(text)} <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>"
        f"\u2014 {escape(unbroken(cite))}</font>",
        style,
    )


def _number_box(address: AddressRow, width: float) -> Flowable:
    """The official number, big: what the owner must put on the building."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    navy = lh.color(lh.NAVY_HEX)
    main = address.number_text
    size = _fit_size(main, size=32, minimum=16, width=width - 28)
    rows: list[list[Any]] = [
        [para("OFFICIAL STREET NUMBER", _style("box-label", st.label, alignment=TA_CENTER))],
        [
            para(
                main,
                _style(
                    f"box-number-{size}",
                    st.title,
                    fontSize=size,
                    leading=size * 1.18,
                    alignment=TA_CENTER,
                    spaceAfter=0,
                ),
            )
        ],
    ]
    if address.unit:
        unit = address.unit
        unit_size = _fit_size(unit, size=18, minimum=12, width=width - 28)
        rows.append(
            [
                para(
                    unit,
                    _style(
                        f"box-unit-{unit_size}",
                        st.title,
                        fontSize=unit_size,
                        leading=unit_size * 1.2,
                        alignment=TA_CENTER,
                        spaceAfter=0,
                    ),
                )
            ]
        )
    rows.append(
        [
            para(
                f"Parcel {address.parcel_number}  \u00b7  {_kind(address).label}",
                _style("box-parcel", st.body, fontSize=10.5, alignment=TA_CENTER, spaceAfter=0),
            )
        ]
    )
    table = Table(rows, colWidths=[width], hAlign="CENTER")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.6, navy),
                ("BACKGROUND", (0, 0), (-1, -1), lh.color("#F5F7FA")),
                ("TOPPADDING", (0, 0), (-1, 0), 7),
                ("TOPPADDING", (0, 1), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 8),
            ]
        )
    )
    return table


def _boxed(text: str, *, width: float | None = None) -> Flowable:
    """A paragraph of markup in a ruled box: the one sentence the reader must not miss."""
    from reportlab.platypus import Paragraph, Table, TableStyle

    st = styles()
    style = _style("boxed", st.body, fontSize=10.5, leading=14.5, spaceAfter=0)
    table = Table([[Paragraph(text, style)]], colWidths=[width or "100%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.4, lh.color(lh.NAVY_HEX)),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
            ]
        )
    )
    return table


def _markup(text: str, style: Any) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style)


# ---- the official street number letter ----------------------------------------------------


def number_letter_pdf(address: AddressRow, *, profile: CityProfile, printed_on: dt.date) -> bytes:
    """The official street number letter to the owner: one letter page.

    Raises :class:`~clerk_desk.errors.Conflict` for a retired number: a letter telling an owner
    to post a number no longer in use would do harm.
    """
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    if address.status is not AddressStatus.ASSIGNED:
        retired = f" on {format_day(address.retired_on)}" if address.retired_on else ""
        raise Conflict(
            f"{address.text} was retired{retired}; it has no letter to print.",
            cite=ALTER_CITE,
        )
    st = styles()
    width = frame_width()
    text = address.text
    parcel = escape(address.parcel_number)
    body = _style("letter-body", st.body, fontSize=10, leading=13.5, spaceAfter=4)
    story: list[Flowable] = [
        side_by_side(
            para("\n".join(_recipient_lines(address)), _style("to", st.body, spaceAfter=0)),
            para(month_day(printed_on), _style("date", st.body, alignment=TA_RIGHT)),
            ["*", 1.8 * INCH],
        ),
        Spacer(1, 8),
        _markup(
            f"<b>Re: Official street number for {escape(address.number_text)}</b>",
            _style("subject", body, spaceAfter=6),
        ),
        _number_box(address, width * 0.78),
        Spacer(1, 6),
        _markup(
            f"The {INSPECTOR} has assigned the official street number above to the "
            f"{escape(_kind(address).label.lower())} on parcel {parcel}. It was assigned on "
            f"<b>{month_day(address.assigned_on)}</b>"
            + (f" by {escape(address.assigned_by)}" if address.assigned_by else "")
            + " and is entered in the street numbering map on file in the office of the City "
            f"Clerk. <font size='8.5' color='{lh.GREY_HEX}'>{escape(unbroken(ASSIGN_CITE))}"
            "</font>",
            body,
        ),
        *_number_letter_duties(address),
    ]
    story += _number_letter_close(profile)
    return build_pdf(
        story,
        profile=profile,
        title=f"Official street number \u2014 {text}",
        subject=f"Official street number letter, {SECTION_CITE}",
    )


def _number_letter_duties(address: AddressRow) -> list[Flowable]:
    """What the owner must do with the number, and what follows if it is not done."""
    return [
        _heading("Put the numbers on the building", DISPLAY_CITE),
        *_bullets(display_rules(address)),
        _heading("Install them now, at the owner\u2019s cost", NEW_BUILDINGS_CITE),
        *_bullets(
            [
                "Install the numbers <b>immediately</b>, in the manner described above.",
                f"The cost of the numbers is paid by the owner ({unbroken(NONCOMPLIANCE_CITE)}).",
            ]
        ),
        _heading("Use only this number", ALTER_CITE),
        *_bullets(
            [
                "No person may alter a number, or keep an improper number other than the one "
                "assigned: remove any old or different number from the building."
            ]
        ),
        _heading("Building permits and enforcement", NONCOMPLIANCE_CITE),
        *_bullets(
            [
                "No building permit is issued for a house, building or structure until its owner "
                "has procured the official number from the City.",
                "If the proper numbers are not attached and maintained for <b>20 days</b>, the "
                "City serves a notice requiring the building to be numbered; neglecting to do so "
                f"for <b>10 days after service</b> makes the owner subject to a forfeiture under "
                f"{unbroken(FORFEITURE)}.",
            ]
        ),
    ]


def _number_letter_close(profile: CityProfile) -> list[Flowable]:
    """The inspector's signature line beside where to call with questions."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    questions = (
        f"Questions? Call {profile.city_name}, {profile.office}, at {profile.phone.strip()}."
        if profile.phone.strip()
        else ""
    )
    return [
        Spacer(1, 2),
        side_by_side(
            signature_line(INSPECTOR),
            para(questions, _style("questions", st.small, alignment=TA_RIGHT)),
            [3.2 * INCH, "*"],
            valign="BOTTOM",
        ),
    ]


# ---- the notice to number a building ------------------------------------------------------


def _service_block(case: CaseRow) -> list[Flowable]:
    """Date served, manner, served by and the server's signature: what was recorded, or lines
    to fill in by hand."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    manner_hint = " / ".join(SERVICE_MANNERS)
    rows: list[tuple[str, object]] = [
        ("Date served", month_day(case.served_on) if case.served_on else _BLANK),
        ("Manner of service", case.served_manner or _BLANK),
        ("Served by", case.served_by or _BLANK),
        ("Signature of server", _BLANK),
    ]
    data = [[para(label, st.label), para(value, st.value)] for label, value in rows]
    table = Table(data, colWidths=[1.45 * INCH, 2.55 * INCH], hAlign="LEFT")
    ink = lh.color("#111418")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LINEBELOW", (1, 0), (1, -1), 0.6, ink),
            ]
        )
    )
    hint = para(f"Manner: {manner_hint}.", _style("hint", st.small, spaceBefore=3))
    heading = _style("service-heading", st.heading, spaceBefore=0)
    return [para("Service of this notice", heading), table, hint]


def _notice_facts(case: CaseRow, address: AddressRow) -> list[tuple[str, object]]:
    """Whom the notice is to, the premises, the official number and what was observed."""
    to = (
        "\n".join([*_recipient_lines(address), "and the occupant of the premises"])
        if address.owner_id is not None
        else "The owner and the occupant of the premises"
    )
    facts: list[tuple[str, object]] = [
        ("To", to),
        ("Premises", f"{address.text} \u00b7 parcel {address.parcel_number}"),
        (
            "Official number",
            f"{address.number_text} (assigned {month_day(address.assigned_on)})",
        ),
        ("Observed", f"{month_day(case.observed_on)}, by {case.observed_by}"),
        ("What was seen", case.observation),
    ]
    return facts


def noncompliance_notice_pdf(
    case: CaseRow, address: AddressRow, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The notice requiring the owner to number the building properly (§ 506-16
    (Noncompliance)), served after 20 days' neglect; one letter page.

    Raises :class:`~clerk_desk.errors.Conflict` when ``printed_on`` is before the case's
    ``notice_from``: the notice says the owner has neglected for 20 days, which is not yet so.
    """
    from reportlab.platypus import KeepTogether, Spacer

    too_early = rules.notice_too_early(case.observed_on, case.notice_from, printed_on)
    if too_early is not None:
        raise Conflict(too_early, cite=NONCOMPLIANCE_CITE)

    st = styles()
    text = address.text
    body = _style("notice-body", st.body, fontSize=10, leading=13.5, spaceAfter=5)
    served_on = case.served_on
    deadline = ""
    if served_on is not None and case.referral_from is not None:
        last_day = case.referral_from - dt.timedelta(days=1)
        deadline = f" \u2014 that is, <b>on or before {long_day(last_day)}</b>"
    facts = _notice_facts(case, address)
    story: list[Flowable] = [
        para("Notice to Properly Number a Building", st.title),
        para(
            f"{NONCOMPLIANCE_CITE} \u00b7 Case {case.id} \u00b7 {month_day(printed_on)}",
            st.subtitle,
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 7),
        _markup(
            f"On <b>{month_day(case.observed_on)}</b> the City found that the building at "
            f"<b>{escape(text)}</b> is not properly numbered, as described above. The owner has "
            "neglected for <b>20 days</b> to duly attach and maintain the proper numbers on the "
            "building.",
            body,
        ),
        _boxed(
            f"<b>You are required to properly number the building at {escape(text)} with its "
            f"official number, as {unbroken(SECTION_CITE)} provides, within 10 days after "
            f"service of this notice</b>{deadline}.",
        ),
        Spacer(1, 6),
        _markup(
            "If you neglect to do so for 10 days after service, you will be subject to a "
            f"<b>forfeiture as provided in {unbroken(FORFEITURE)}</b>. The cost of the numbers "
            "is paid by the owner. No person may alter a number or keep an improper number other "
            f"than the one assigned ({escape(unbroken(ALTER_CITE))}).",
            body,
        ),
        _heading("How the numbers must be displayed", DISPLAY_CITE),
        _markup(display_brief(address), _style("brief", body, fontSize=9.3, leading=12.5)),
        Spacer(1, 6),
        KeepTogether(
            side_by_side(
                [signature_line(INSPECTOR, width=2.6 * INCH)],
                _service_block(case),
                [3.0 * INCH, "*"],
            )
        ),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Notice to number building \u2014 {text}",
        subject=f"Notice to properly number a building, {NONCOMPLIANCE_CITE}",
    )


# ---- the register of one street -----------------------------------------------------------

_REGISTER_HEADER = (
    "Number",
    "Unit",
    "Side",
    "Position (ft)",
    "Parcel",
    "Building kind",
    "Owner",
    "Assigned on",
    "Status",
)
_REGISTER_WIDTHS: tuple[float | str, ...] = (
    0.7 * INCH,
    0.65 * INCH,
    0.95 * INCH,
    0.75 * INCH,
    1.25 * INCH,
    1.2 * INCH,
    "*",
    1.32 * INCH,
    1.32 * INCH,
)
_SHORT_KINDS = {
    BuildingKind.PRINCIPAL: "Principal",
    BuildingKind.SECONDARY: "Secondary",
    BuildingKind.MULTIPLE_DWELLING: "Multiple dwelling",
}
_REGISTER_ALIGN: tuple[Align, ...] = (
    "right",
    "left",
    "left",
    "right",
    "left",
    "left",
    "left",
    "left",
    "left",
)


def _status_text(address: AddressRow) -> str:
    if address.status is AddressStatus.RETIRED:
        return f"Retired\n{format_day(address.retired_on)}" if address.retired_on else "Retired"
    return "Assigned"


def _register_row(address: AddressRow) -> tuple[object, ...]:
    side = _side_text(address.odd_side, address.side) + (
        _MISMATCH_MARK if _wrong_side(address) else ""
    )
    return (
        str(address.number),
        address.unit,
        side,
        f"{address.position_ft:,}" if address.position_ft is not None else "",
        address.parcel_number,
        _SHORT_KINDS[_kind(address)],
        address.owner,
        format_day(address.assigned_on),
        _status_text(address),
    )


def _counts(addresses: Sequence[AddressRow]) -> str:
    """ "12 addresses on 10 numbers, 1 retired"."""
    assigned = [a for a in addresses if a.status is AddressStatus.ASSIGNED]
    numbers = {a.number for a in assigned}
    text = plural(len(assigned), "address", "addresses") + " assigned"
    if len(numbers) != len(assigned):
        text += f" on {plural(len(numbers), 'number')}"
    retired = len(addresses) - len(assigned)
    return text + (f", {retired:,} retired" if retired else "")


def _street_facts(street: StreetRow, addresses: Sequence[AddressRow]) -> list[tuple[str, object]]:
    """How the street is numbered (sides, direction, range, grid base) and its counts."""
    odd = street.odd_side
    base = (
        f"{street.grid_base:,} at the starting line (position 0 ft)"
        if street.grid_base is not None
        else "none: positions are feet from the street\u2019s starting line"
    )
    facts: list[tuple[str, object]] = [
        (
            "Odd numbers",
            f"{odd.label.capitalize()} side; even numbers on the {odd.opposite.label} side",
        ),
        ("Numbers run", f"Increasing toward the {street.increases_toward.label}"),
        ("Range", f"{street.range_low} to {street.range_high}"),
        ("Grid base", base),
    ]
    if not street.active:
        facts.append(("Street", "Inactive: no longer on the numbering map"))
    if street.notes.strip():
        facts.append(("Notes", street.notes.strip()))
    facts.append(("Total", _counts(addresses) if addresses else "No addresses recorded"))
    return facts


def street_register_pdf(
    street: StreetRow, addresses: Sequence[AddressRow], *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The numbering register of ``street``: its numbering facts, then the odd side and the
    even side each in its own table, in number order, with counts. Landscape letter pages with
    the City's running header and "Page N of M"."""
    from reportlab.platypus import CondPageBreak

    strays = [a for a in addresses if a.street_id != street.id]
    if strays:
        raise ValueError(f"{strays[0].text} is not on {street.full_name}")
    st = styles()
    odd = street.odd_side
    sides = [odd, odd.opposite]
    by_side: dict[Compass, list[AddressRow]] = {side: [] for side in sides}
    for address in sorted(addresses, key=lambda a: (a.number, a.unit, a.id)):
        by_side.setdefault(address.side, []).append(address)
    facts = _street_facts(street, addresses)
    story: list[Flowable] = [
        para(f"Street Numbering Register \u2014 {street.full_name}", st.title),
        para(
            f"Official street numbers, {SECTION_CITE}. Printed {format_day(printed_on)}.",
            st.subtitle,
        ),
        key_value_block(facts, label_width=1.2 * INCH),
    ]
    mismatched = False
    total = _style("side-total", st.cell, fontName=FONT_BOLD)
    # A heading kept with a table of hundreds of rows would push the whole table to a new page:
    # instead, start a new page only when less than the heading and a few rows would fit.
    heading = _style("register-heading", st.heading, keepWithNext=0)
    for side, rows in by_side.items():
        parity = rules.parity(street.odd_side, side)
        story += [
            CondPageBreak(1.4 * INCH),
            para(
                f"{side.label.capitalize()} side \u2014 {parity} numbers ({len(rows):,})", heading
            ),
        ]
        if not rows:
            story.append(
                para(f"No addresses on the {side.label} ({parity}) side of {street.full_name}.")
            )
            continue
        mismatched = mismatched or any(_wrong_side(a) for a in rows)
        table = data_table(
            _REGISTER_HEADER,
            (_register_row(a) for a in rows),
            col_widths=_REGISTER_WIDTHS,
            align=_REGISTER_ALIGN,
            total_row=(para(f"{side.label.capitalize()} side: {_counts(rows)}", total), *[""] * 8),
            total_spans=True,
        )
        story.append(table)
    if mismatched:
        story.append(
            para(
                f"{_MISMATCH_MARK} The number\u2019s parity is not the one its side carries; "
                f"the {INSPECTOR} accepted it when it was assigned.",
                _style("footnote", st.small, spaceBefore=6),
            )
        )
    return build_pdf(
        story,
        profile=profile,
        title=f"Street numbering register \u2014 {street.full_name}",
        subject=f"Official street numbers on {street.full_name}, {SECTION_CITE}",
        pagesize=LETTER_LANDSCAPE,
        letterhead=False,
    )


# ---- Excel ----------------------------------------------------------------------------------

REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Street", width=22),
    Column("Number", "whole", width=9),  # no thousands separator: 1200 Broad St, not 1,200
    Column("Unit", width=9),
    Column("Full address", width=30),
    Column("Side", width=11),
    Column("Position (ft)", "int", width=12),
    Column("Parcel", width=18),
    Column("Building kind", width=18),
    Column("Owner", width=28),
    Column("Status", width=10),
    Column("Assigned on", "date"),
    Column("Assigned by", width=22),
    Column("Retired on", "date"),
    Column("Notes", width=40),
)


def register_row(address: AddressRow) -> tuple[object, ...]:
    return (
        address.street,
        address.number,
        address.unit,
        address.text,
        _side_text(address.odd_side, address.side),
        address.position_ft,
        address.parcel_number,
        _kind(address).label,
        address.owner,
        address.status.value.capitalize(),
        address.assigned_on,
        address.assigned_by,
        address.retired_on,
        address.notes,
    )


def register_excel(
    target: Target,
    addresses: Iterable[AddressRow],
    *,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str,
) -> int:
    """The official numbering register of every street, one address a row; returns the rows
    written."""
    return write_register(
        target,
        title="Street numbers",
        columns=REGISTER_COLUMNS,
        rows=(register_row(address) for address in addresses),
        progress=progress,
        subtitle=f"{city} \u2014 official street numbering register ({SECTION_CITE})",
        author=author,
        city=city,
    )


IMPORT_PROBLEM_COLUMNS: tuple[Column, ...] = (
    Column("Line", "int", width=8),
    Column("Column", width=12),
    Column("Level", width=10),
    Column("Problem", width=100),
)


def import_problems_excel(target: Target, problems: Sequence[ImportProblem], *, source: str) -> int:
    """What the check of an address list found, one problem a row, in the order of the file's
    lines; returns the rows written. Errors must be fixed before anything is imported; warnings
    are read and accepted."""
    errors = sum(1 for p in problems if p.level == "error")
    warnings = len(problems) - errors
    if errors:
        verdict = (
            f"{plural(errors, 'error')}, {plural(warnings, 'warning')}; fix the errors and "
            "import the file again"
        )
    elif warnings:
        verdict = f"no errors, {plural(warnings, 'warning')}: read them, then import the file"
    else:
        verdict = "no problems found"
    return write_register(
        target,
        title="Import problems",
        columns=IMPORT_PROBLEM_COLUMNS,
        rows=((p.line, p.column, p.level.capitalize(), p.text) for p in problems),
        subtitle=f"{source} \u2014 {verdict}",
    )
