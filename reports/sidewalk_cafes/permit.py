"""The SIDEWALK CAFE PERMIT (§ 506-10 (Sidewalk cafe permit issuance)): its band, the rules
of operation every permit carries, the protections, the term, and the site plan that
delineates the cafe area.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    PermitView,
)
from clerk_desk.sidewalk_cafes.rules import (
    ALCOHOL_CITE,
    APPLICATION_CITE,
    CLEARANCE_CITE,
    CONFIGURATION_CITE,
    EARLIEST,
    HOURS_CITE,
    INSURANCE_CITE,
    ISSUANCE_CITE,
    LATEST,
    LOCATION_CITE,
    REVOCATION_CITE,
    REVOCATION_NOTICE_DAYS,
    SUSPENSION_NOTICE_DAYS,
    TERM_CITE,
)
from clerk_desk.words import clock_time, format_day, long_day
from reports import letterhead as lh
from reports.document import (
    INCH,
    key_value_block,
    para,
    styles,
)
from reports.fonts import FONT_BOLD, FONT_REGULAR, text_width
from reports.permit_parts import (
    frame_width,
    side_by_side,
    title_styles,
    titled_with_number,
)
from reports.sidewalk_cafes.parts import (
    _INK,
    _PALE_HEX,
    ADMINISTRATOR,
    CLEANLINESS_CITE,
    DISPLAY_TEXT,
    PERMIT_TITLE,
    SECTION,
    SIGNS_CITE,
    Line,
    _area_table,
    _cite,
    _grey,
    _heading,
    _lines,
    _markup,
    _numbered,
    _style,
    _terms_block,
)
from reports.sidewalk_cafes.plan_pages import _Letters, _plan_page, _readable_sheets

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


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
        # "after inspection by the Director of Public Works" (§ 506-10): the official, then
        # the name recorded, whoever typed it at the counter
        who = view.dpw_inspected_by.strip()
        by = f" ({who})" if who else ""
        lines.append(
            f"Inspected by the Director of Public Works{by} on {format_day(view.dpw_inspected_on)}"
        )
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
