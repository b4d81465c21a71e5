"""The sidewalk papers of the sidewalk article (before § 506-6) and Wis. Stat. § 66.0907.

* :func:`permit_pdf` — the SIDEWALK PERMIT the Director of Public Works signs: the number, no
  fee, the work and its place, the cost responsibility box ("Paid 100% by …", the reason and the
  paragraph of Cost of sidewalks that decides it), the seven-day rule, the conditions, the
  signature block; and the standard specifications sheet attached as the following page(s).
* :func:`specifications_pdf` — the standard specifications sheet alone, for the counter.
* :func:`repair_notice_pdf` — the notice to the owner (Wis. Stat. § 66.0907(3)(c)) to repair or
  remove and replace a sidewalk within 20 days after service, or immediately in an emergency,
  with what the City does if the owner does not: the work, and its cost entered by the City
  Treasurer on the tax roll as a special tax against the parcel.
* :func:`register_xlsx` — one workbook: the permits, the repair orders and the master plan, a
  sheet each.

The specifications are quoted from the ordinance (``sidewalks_views.specification_sections``),
so the sheet changes with the code. Everything printed is plain data from
``clerk_desk.sidewalks.views``; nothing here queries. ReportLab and openpyxl are imported only
when a paper is made.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from typing import IO, TYPE_CHECKING, Any, cast
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.ordinance import SIDEWALK_ARTICLE_CITE
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalks.service import (
    COUNCIL,
    MINOR_REPAIR_LIMIT,
    PERMIT_CITE,
    REPAIR_DAYS,
    REPAIR_ORDER_CITE,
    SPECIFICATIONS_CITE,
    STATUTE,
    WHOLE_BLOCK_CITE,
)
from clerk_desk.sidewalks.views import (
    ORDER_COLUMNS,
    PERMIT_COLUMNS,
    SEGMENT_COLUMNS,
    OrderRow,
    PermitRow,
    RepairNoticeView,
    SegmentRow,
    SidewalkPermitView,
)
from clerk_desk.words import format_day, long_day

from . import letterhead as lh
from .document import INCH, LETTER, build_pdf, key_value_block, para, signature_line, styles
from .excel import Column, ColumnKind, ProgressCallback, Sheet, write_workbook
from .fonts import FONT_REGULAR
from .permit_parts import frame_width, signed_and_dated, title_styles, titled_with_number

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

PERMIT_TITLE = "Sidewalk Permit"
SPECIFICATIONS_TITLE = "Standard Specifications for Sidewalk"
DIRECTOR = "Director of Public Works"
NOTICE_STATUTE = "Wis. Stat. § 66.0907(3)(c)"
SLOPE_CITE = f"{SIDEWALK_ARTICLE_CITE} (Slope)"
DEFAULT_CITY = CityProfile().city_name
_INK = "#111418"
_PALE_HEX = "#F5F7FA"

_PRINTABLE = ("issued", "issued_on_appeal", "completed")
"""Permit statuses with a permit to print (SidewalkPermitStatus values)."""
_SERVED_BY = {"personal": "personal service"}
"""How a notice was served, as the sentence "Served ... by ..." reads it."""


# ---- wording ---------------------------------------------------------------------------------


def _cite(cite: str) -> str:
    """A cite whose "§" stays with its number when it wraps."""
    return cite.replace("§§ ", "§§\u00a0").replace("§ ", "§\u00a0")


def _day(day: dt.date) -> str:
    """A day set in bold that never breaks across two lines."""
    return format_day(day).replace(" ", "\u00a0")


def spec_cite(heading: str) -> str:
    """ "Sidewalk article (Width and thickness)": the cite of one paragraph of the sheet."""
    return f"{SIDEWALK_ARTICLE_CITE} ({heading})" if heading else SPECIFICATIONS_CITE


def _refuse_unissued(view: SidewalkPermitView) -> None:
    """A permit is printed only when one was issued (by the Director, or on appeal)."""
    if view.city_contract:
        raise Conflict(
            f"{view.number} is work under contract with the City: no sidewalk permit is "
            "required, so there is none to print.",
            cite=PERMIT_CITE,
        )
    if view.status_value not in _PRINTABLE or view.issued_on is None:
        raise Conflict(
            f"Sidewalk permit {view.number} is not issued ({view.status.lower()}): a permit is "
            f"printed only after the {DIRECTOR} issues it, or the {COUNCIL} grants it on "
            "appeal.",
            cite=PERMIT_CITE,
        )


def _place(view: SidewalkPermitView) -> str:
    place = view.location
    if view.street and view.street not in place:
        number = f"{view.address_number} " if view.address_number is not None else ""
        place += f" ({number}{view.street})"
    if view.side:
        place += f", {view.side}-numbered side"
    return place


def _address_lines(lines: Sequence[str]) -> list[str]:
    return [line.strip().strip(",").strip() for line in lines if line.strip(" ,")]


# ---- flowables -------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-sidewalks-{name}", parent=parent, **kw)


def _markup(text: str, style: Any) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style)


def _grey(text: str, size: float = 8) -> str:
    """Markup: ``text`` (a cite, escaped here) small and grey."""
    return f"<font size='{size}' color='{lh.GREY_HEX}'>{_cite(escape(text))}</font>"


def _heading(text: str, cite: str = "") -> list[Flowable]:
    """A section heading (its cite in grey after it), never alone at the foot of a page."""
    from reportlab.platypus import CondPageBreak, Paragraph

    style = _style(
        "heading", styles().heading, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3
    )
    tail = f" <font name='{FONT_REGULAR}'>\u2014 {_grey(cite, 8.5)}</font>" if cite else ""
    return [CondPageBreak(1.0 * INCH), Paragraph(escape(text) + tail, style)]


def _boxed(texts: Sequence[str], *, size: float = 10, thick: float = 1.4) -> Flowable:
    """Paragraphs of markup in a ruled box: what the reader must not miss."""
    from reportlab.platypus import Table, TableStyle

    style = _style(f"boxed-{size}", styles().body, fontSize=size, leading=size * 1.36, spaceAfter=3)
    table = Table(
        [[[_markup(t, style) for t in texts]]], colWidths=["100%"], hAlign="LEFT", spaceBefore=4
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), thick, lh.color(lh.NAVY_HEX)),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def _numbered(items: Sequence[str], *, size: float = 9.2, start: int = 1) -> list[Flowable]:
    """Numbered paragraphs of markup with a hanging indent."""
    from reportlab.platypus import Paragraph

    style = _style(
        f"numbered-{size}", styles().body, fontSize=size, leading=round(size * 1.33, 1),
        leftIndent=18, bulletIndent=2, spaceAfter=3, bulletFontSize=size,
    )  # fmt: skip
    return [Paragraph(text, style, bulletText=f"{n}.") for n, text in enumerate(items, start=start)]


def _title_block(title: str, subtitle: str, number: str, label: str) -> Flowable:
    """The title on the left, the number boxed on the right."""
    title_style, subtitle_style = title_styles(_style)
    left = [para(title.upper(), title_style), _markup(subtitle, subtitle_style)]
    return titled_with_number(left, number, label=label, style=_style, gap=8)


def _band(cells: Sequence[tuple[str, str, str]]) -> Flowable:
    """Label, value (large) and a small note (markup), side by side in a boxed band."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = _style("band-label", st.label, fontSize=8, leading=10, alignment=TA_CENTER)
    value = _style(
        "band-value", st.body_bold, fontSize=12, leading=15, alignment=TA_CENTER, spaceAfter=0
    )
    note = _style("band-note", st.small, fontSize=7.5, leading=9, alignment=TA_CENTER)
    row = [[para(a, label), para(b, value), _markup(c, note)] for a, b, c in cells]
    share = frame_width() / len(cells)
    table = Table([row], colWidths=[share] * len(cells), hAlign="LEFT")
    navy = lh.color(lh.NAVY_HEX)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 1.2, navy),
                ("LINEBEFORE", (1, 0), (-1, 0), 0.6, navy),
                ("BACKGROUND", (0, 0), (-1, -1), lh.color(_PALE_HEX)),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _cost_box(view: SidewalkPermitView) -> Flowable:
    """Who pays, large, with the reason and the paragraph of Cost of sidewalks that decides it."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    cost = view.cost
    label = _style("cost-label", st.label, fontSize=8, leading=10)
    big = _style("cost-payer", st.title, fontSize=15, leading=19, spaceAfter=2)
    text = _style("cost-text", st.body, fontSize=9.2, leading=12.2, spaceAfter=2)
    cell: list[Flowable] = [
        para("COST RESPONSIBILITY", label),
        para(cost.summary, big),
    ]
    if cost.restoration_payer_label:
        cell.append(
            _markup(f"<b>Restoration of the area: {escape(cost.restoration_payer_label)}</b>", text)
        )
    cell.append(_markup(f"{escape(cost.reason)} {_grey(cost.cite)}", text))
    if view.segment:
        plan = f" ({escape(view.plan_reference)})" if view.plan_reference else ""
        cell.append(_markup(f"Sidewalk Master Plan: {escape(view.segment)}{plan}.", text))
    for note in cost.notes:
        cell.append(_markup(f"<b>{escape(note)}</b>", text))
    table = Table([[cell]], colWidths=["100%"], hAlign="LEFT", spaceBefore=8)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.8, lh.color(lh.NAVY_HEX)),
                ("BACKGROUND", (0, 0), (-1, -1), lh.color(_PALE_HEX)),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return table


def _work_facts(view: SidewalkPermitView) -> list[tuple[str, object]]:
    who = ", ".join([view.applicant_name, *_address_lines(view.applicant_address)])
    if view.applicant_phone.strip():
        who += f" \u00b7 {view.applicant_phone.strip()}"
    pairs: list[tuple[str, object]] = [("Permittee", who), ("Location", _place(view))]
    if view.parcel_number:
        owner = f" \u2014 owner {view.parcel_owner}" if view.parcel_owner else ""
        pairs.append(("Parcel", f"{view.parcel_number}{owner}"))
    work = f"{view.work} \u2014 {view.facility.lower()}, {view.area.lower()}"
    if view.new_subdivision:
        work += ", in a new subdivision or development"
    size = " \u00d7 ".join(
        p for p in (view.length and f"{view.length} long", view.width and f"{view.width} wide") if p
    )
    if size:
        work += f"; {size}"
    pairs.append(("Work", work))
    if view.repair_order:
        pairs.append(
            (
                "Repair order",
                f"Carries out repair order {view.repair_order} ({REPAIR_ORDER_CITE}; {STATUTE})",
            )
        )
    pairs.append(("Standard", view.standard))
    if view.contractor.strip():
        pairs.append(("Contractor", view.contractor.strip()))
    pairs.append(
        (
            "Application",
            f"Received {format_day(view.applied_on)}"
            + (f" by {view.received_by}" if view.received_by else ""),
        )
    )
    if view.on_appeal and view.appeal_filed_on is not None:
        decided = (
            f"; granted by the {COUNCIL} at its meeting of {format_day(view.appeal_meeting_day)}"
            if view.appeal_meeting_day
            else ""
        )
        note = f" ({view.appeal_note.strip()})" if view.appeal_note.strip() else ""
        pairs.append(
            ("Appeal", f"Denial appealed {format_day(view.appeal_filed_on)}{decided}{note}")
        )
    if view.completed_on is not None:
        pairs.append(("Completed", format_day(view.completed_on)))
    return pairs


def _start_note(view: SidewalkPermitView) -> str:
    """Under the proposed start in the band: whether it keeps the seven days."""
    late = (
        view.latest_issue_day is not None
        and view.issued_on is not None
        and view.issued_on > view.latest_issue_day
    )
    if late:
        return "Proposed; too soon after issuance \u2014 see the seven-day condition"
    return "As proposed in the application"


def _permit_conditions(view: SidewalkPermitView) -> list[Flowable]:
    standing = [
        f"<b>Seven days.</b> {escape(view.seven_day_rule)} {_grey(PERMIT_CITE)}",
        "The work is done to the <b>standard specifications for sidewalk attached to this "
        f"permit</b>, which are part of it, to line and grade as established by the City. "
        f"{_grey(SPECIFICATIONS_CITE)}",
    ]
    if view.work_value != "remove":  # a removal pours no concrete
        standing.append(
            f"All forms must be approved by the {DIRECTOR} or his designee before concrete is "
            f"poured. {_grey(SLOPE_CITE)}"
        )
    if view.whole_block_applies:  # the same work as the review's (sidewalks.WHOLE_BLOCK_WORK)
        standing.append(
            f"<b>Partial replacement approved</b> by the {DIRECTOR}: the entire block need not "
            f"be repaired at one time. {_grey(WHOLE_BLOCK_CITE)}"
            if view.partial_replacement_approved
            else "When repairing a sidewalk the entire block will be repaired at one time "
            f"unless approved by the {DIRECTOR} for partial replacement. "
            f"{_grey(WHOLE_BLOCK_CITE)}"
        )
    own = [escape(line) for line in view.conditions]
    return [
        *_heading("Conditions of this permit"),
        *_numbered([*own, *standing], size=8.8),
    ]


def _permit_signature(view: SidewalkPermitView) -> Flowable:
    """The Director of Public Works signs over the printed name; the date issued beside it."""
    from reportlab.platypus import KeepTogether

    st = styles()
    assert view.issued_on is not None
    name = _style("sig-name", st.body_bold, fontSize=10, leading=12.5, spaceAfter=0)
    caption = _style("sig-caption", st.small, spaceAfter=0)
    who = view.issued_by.strip()
    if not who or who.startswith(COUNCIL):
        signer = DIRECTOR
    else:
        signer = who if DIRECTOR in who else f"{who}, {DIRECTOR}"
    table = signed_and_dated(
        para(format_day(view.issued_on), name),
        para(signer, name),
        para("Date issued", caption),
        _markup(f"{DIRECTOR} or designee \u2014 {_cite(escape(PERMIT_CITE))}", caption),
        room=26,
    )
    return KeepTogether([table])


def _specification_story(sections: Sequence[tuple[str, str]], subtitle: str) -> list[Flowable]:
    """The sheet: its title, what it is, then each paragraph numbered with its heading."""
    from reportlab.platypus import Paragraph

    st = styles()
    item = _style(
        "spec",
        st.body,
        fontSize=8,
        leading=10.1,
        leftIndent=22,
        bulletIndent=0,
        spaceAfter=2.6,
        bulletFontSize=8,
        bulletFontName=FONT_REGULAR,
    )
    flow: list[Flowable] = [
        para(SPECIFICATIONS_TITLE, st.title),
        _markup(
            subtitle, _style("spec-subtitle", st.subtitle, fontSize=9.5, leading=12.5, spaceAfter=6)
        ),
    ]
    for n, (heading, text) in enumerate(sections, start=1):
        head = f"<b>{escape(heading)}.</b> " if heading else ""
        flow.append(Paragraph(f"{head}{escape(text)}", item, bulletText=f"({n})"))
    if not sections:
        flow.append(para("The ordinance text holds no standard specifications.", st.body))
    return flow


def _spec_subtitle(permit_number: str | None, printed_on: dt.date | None) -> str:
    source = (
        f"Quoted from the {escape(SPECIFICATIONS_CITE)}, Chapter 506 (Streets and Sidewalks), "
        "of the Code of the City"
    )
    when = f", as in force when printed, {format_day(printed_on)}" if printed_on else ""
    if permit_number:
        return (
            f"Attached to and part of Sidewalk Permit <b>{escape(permit_number)}</b>. "
            f"{source}{when}."
        )
    return f"{source}{when}."


# ---- the permit ------------------------------------------------------------------------------


_SHRINK_LIMIT = 1.12
"""A permit up to this much taller than page 1 is set a little smaller to stay on one page."""


def _first_frame_height() -> float:
    g = lh.GEOMETRY
    return LETTER[1] - g.top - g.letterhead_height - g.bottom - g.footer_height


def _height(flowables: Sequence[Flowable], width: float) -> float:
    """How tall the flowables stand in one frame, spaces included (laid out on a scratch
    canvas as the page lays them out)."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import CondPageBreak, KeepTogether

    scratch = Canvas(io.BytesIO(), pagesize=LETTER, initialFontName=FONT_REGULAR)
    total = 0.0
    for flowable in flowables:
        if isinstance(flowable, CondPageBreak):
            continue
        if isinstance(flowable, KeepTogether):
            total += _height(flowable._content, width)
            continue
        _w, h = flowable.wrapOn(scratch, width, 10_000)
        total += h + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def _on_one_page(make: Callable[[], list[Flowable]]) -> list[Flowable]:
    """The permit's page: as it is when it fits page 1, set a little smaller when it overruns
    by a few lines (the signature block would otherwise stand alone on page 2), and left to
    flow onto page 2 when the officials' conditions are long."""
    from reportlab.platypus import CondPageBreak, KeepInFrame, KeepTogether

    width, room = frame_width(), _first_frame_height() - 4
    needed = _height(make(), width)
    if needed <= room or needed > room * _SHRINK_LIMIT:
        return make()
    flowables: list[Flowable] = []
    for f in make():  # a frame of its own holds plain flowables: no page-break logic inside
        if isinstance(f, KeepTogether):
            flowables += f._content
        elif not isinstance(f, CondPageBreak):
            flowables.append(f)
    return [KeepInFrame(width, room, flowables, mode="shrink")]


def permit_pdf(
    view: SidewalkPermitView,
    profile: CityProfile,
    *,
    sections: Sequence[tuple[str, str]] | None = None,
    printed_on: dt.date | None = None,
) -> bytes:
    """The sidewalk permit of ``view`` with the standard specifications sheet attached.

    ``sections`` are the specifications (heading, text) to attach; by default they are read
    from the ordinance now (``sidewalks_views.specification_sections``). Raises
    :class:`~clerk_desk.errors.Conflict` when there is no permit: City contract work (no permit
    required), an application waiting, denied, appealed or withdrawn.
    """
    from reportlab.platypus import PageBreak, Spacer

    _refuse_unissued(view)
    assert view.issued_on is not None
    if sections is None:
        from clerk_desk.sidewalks.views import specification_sections

        sections = specification_sections()
    printed = f" Printed {format_day(printed_on)}." if printed_on else ""
    subtitle = (
        "To lay, remove, replace or repair a public sidewalk \u2014 "
        f"{_cite(escape(PERMIT_CITE))}.{printed}"
    )
    issued_note = (
        f"Granted on appeal by the {COUNCIL}"
        if view.issued_by.startswith(COUNCIL)
        else f"By the {DIRECTOR}"
    )
    starts = format_day(view.work_starts_on) if view.work_starts_on else "Not given"
    issued = format_day(view.issued_on)

    def page() -> list[Flowable]:
        return [
            _title_block(PERMIT_TITLE, subtitle, view.number, "PERMIT NO."),
            Spacer(1, 8),
            _band(
                [
                    ("ISSUED", issued, escape(issued_note)),
                    ("WORK STARTS", starts, _start_note(view)),
                    ("FEE", "No fee", escape(view.no_fee)),
                ]
            ),
            _cost_box(view),
            *_heading("Permittee and work"),
            key_value_block(_work_facts(view), label_width=1.1 * INCH),
            *_permit_conditions(view),
            _permit_signature(view),
        ]

    story = _on_one_page(page)
    story += [
        PageBreak(),
        *_specification_story(sections, _spec_subtitle(view.number, printed_on or view.issued_on)),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"{PERMIT_TITLE} {view.number}",
        subject=f"{PERMIT_TITLE}, {SIDEWALK_ARTICLE_CITE}",
        watermark=None,
    )


def specifications_pdf(
    sections: Sequence[tuple[str, str]],
    profile: CityProfile,
    *,
    printed_on: dt.date | None = None,
) -> bytes:
    """The standard specifications for sidewalk alone, as the ordinance states them."""
    return build_pdf(
        _specification_story(sections, _spec_subtitle(None, printed_on)),
        profile=profile,
        title=SPECIFICATIONS_TITLE,
        subject=f"{SPECIFICATIONS_TITLE}, {SPECIFICATIONS_CITE}",
        letterhead=False,  # the running header names the City: the sheet stays one page
    )


# ---- the notice to repair --------------------------------------------------------------------


def _notice_title(view: RepairNoticeView) -> str:
    if view.emergency:
        return "Notice to Repair Sidewalk Immediately"
    if view.minor:
        return "Notice of Minor Sidewalk Repair"
    return "Notice to Repair Sidewalk"


def _ordered_text(view: RepairNoticeView, profile: CityProfile) -> str:
    """What was ordered, by whom, and of whom (markup)."""
    city = escape(profile.city_name)
    if view.minor:
        estimate = f", estimated at <b>{view.estimated_cost}</b>" if view.estimated_cost else ""
        return (
            f"On {long_day(view.ordered_on)} the {DIRECTOR} of the {city} directed a minor "
            f"repair of the sidewalk abutting your property{estimate}. A repair that costs no "
            f"more than {MINOR_REPAIR_LIMIT} may be made at the direction of the {DIRECTOR} "
            "without notice, and its cost may be charged to the abutting property owner in "
            "the same manner as for major repairs."
        )
    if view.meeting_day is not None:
        by = f"the {COUNCIL} of the {city}, at its meeting of {long_day(view.meeting_day)},"
    elif view.emergency:
        by = (
            f"the {DIRECTOR} of the {city}, as the {COUNCIL}'s designee, on "
            f"{long_day(view.ordered_on)},"
        )
    else:
        by = f"the {COUNCIL} of the {city} (or its designee), on {long_day(view.ordered_on)},"
    why = (
        "which is unsafe, defective or insufficient, or which was damaged by the acts of the "
        "property owner or the owner's agents"
        if view.caused_by_owner
        else "which is unsafe, defective or insufficient"
    )
    if view.emergency:
        return (
            f"An emergency exists, caused by a sidewalk in need of repair. Under "
            f"{_cite(escape(STATUTE))}, {by} directs you, as owner of the property below, to "
            f"<b>make the repairs immediately</b> to the sidewalk {why}."
        )
    return (
        f"Under {_cite(escape(STATUTE))}, {by} ordered you, as owner of the property below, to "
        f"repair or remove and replace the sidewalk {why}."
    )


def _deadline_box(view: RepairNoticeView, profile: CityProfile) -> Flowable:
    city = escape(profile.city_name)
    tax = (
        f"the {COUNCIL} or its designee will have the work done, and the City Treasurer "
        "will enter the total cost upon the tax roll as a <b>special tax</b> against your "
        "lot or parcel of land."
    )
    if view.minor:
        texts = [
            f"The {city} will have the repair made. Its cost may be charged to you as the "
            f"abutting property owner, in the same manner as for major repairs. "
            f"{_grey(view.cite)}"
        ]
        if view.city_repaired_on is not None:
            cost = f", at a cost of <b>{view.city_cost}</b>" if view.city_cost else ""
            texts.append(f"Repaired by the City {_day(view.city_repaired_on)}{cost}.")
        return _boxed(texts, size=10)
    if view.emergency:
        first = "<b>Make the repairs immediately.</b>"
        if view.served_on is not None:
            first += f" This direction was served on you {_day(view.served_on)}."
        texts = [
            first,
            f"If you do not make the repairs within the required period, {tax} {_grey(view.cite)}",
        ]
    else:
        if view.repair_due_on is not None and view.served_on is not None:
            first = (
                f"<b>You have {REPAIR_DAYS} days after service of this notice to make the "
                f"repair: through {escape(long_day(view.repair_due_on))}.</b> This notice was "
                f"served on you {_day(view.served_on)}."
            )
        else:
            first = (
                f"<b>You have {REPAIR_DAYS} days after service of this notice to make the "
                "repair.</b>"
            )
        texts = [
            first,
            f"If you fail to repair or remove and replace the sidewalk within those "
            f"{REPAIR_DAYS} days, {tax} {_grey(view.cite)}",
        ]
    if view.city_repaired_on is not None:
        cost = f", at a total cost of <b>{view.city_cost}</b>" if view.city_cost else ""
        texts.append(
            f"The City made the repair {_day(view.city_repaired_on)}{cost}, for entry on the tax "
            "roll as a special tax against the parcel."
        )
    elif view.repaired_by_owner_on is not None:
        texts.append(f"Repaired by the owner {_day(view.repaired_by_owner_on)}.")
    return _boxed(texts, size=10, thick=1.8)


def _notice_facts(view: RepairNoticeView) -> list[tuple[str, object]]:
    parcel = view.parcel_number
    if view.site_address:
        parcel += f", {view.site_address}"
    place = view.location
    if view.street and view.street not in place:
        place += f" ({view.street})"
    pairs: list[tuple[str, object]] = [
        ("Parcel", parcel),
        ("Sidewalk", place),
        ("Defect", view.defect or "As described by the City"),
    ]
    if view.work_required.strip():
        pairs.append(("Work required", view.work_required.strip()))
    if view.estimated_cost is not None and not view.minor:
        pairs.append(("Estimated cost", str(view.estimated_cost)))
    if not view.whole_block_applies:  # "Nothing in this section shall apply to minor repairs"
        block = f"Does not apply ({_cite(view.cite)})."
    elif view.whole_block:
        block = f"The entire block is repaired at one time ({_cite(view.whole_block_cite)})."
    else:
        block = (
            f"Partial replacement approved by {view.partial_approved_by or DIRECTOR} "
            f"({_cite(view.whole_block_cite)})."
        )
    pairs.append(("Whole block", block))
    pairs.append(("Ordered", f"{format_day(view.ordered_on)} \u2014 {view.ordered_by}"))
    return pairs


def _service_cell(view: RepairNoticeView) -> list[Flowable]:
    """How the notice was served, or blanks to fill in when it is printed for service."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = _style("svc-label", st.label, spaceAfter=1)
    text = _style("svc-text", st.body, fontSize=9, leading=12, spaceAfter=0)
    caption = _style("svc-caption", st.small, fontSize=7.5, leading=9, spaceAfter=0)
    head = _markup(f"SERVICE OF THIS NOTICE {_grey(NOTICE_STATUTE, 7.5)}", label)
    if view.served_on is not None:
        how = (
            f" by {escape(_SERVED_BY.get(view.served_how, view.served_how))}"
            if view.served_how
            else ""
        )
        by = f"; served by {escape(view.served_by)}" if view.served_by else ""
        return [head, _markup(f"Served <b>{_day(view.served_on)}</b>{how}{by}.", text)]
    blanks = Table(
        [["", ""], [para("Date served", caption), para("How served, and by whom", caption)]],
        colWidths=[1.15 * INCH, "*"],
        hAlign="LEFT",
    )
    ink = lh.color(_INK)
    blanks.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("LINEBELOW", (0, 0), (0, 0), 0.7, ink),
                ("LINEBELOW", (1, 0), (1, 0), 0.7, ink),
                ("TOPPADDING", (0, 0), (-1, 0), 16),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    if view.emergency:  # the owner repairs immediately: no days run
        return [head, blanks]
    return [
        head,
        para(
            f"The {REPAIR_DAYS} days run from the day this notice is served on the owner.",
            caption,
        ),
        blanks,
    ]


def _notice_foot(view: RepairNoticeView, profile: CityProfile) -> Flowable:
    """The signature, and the service record beside it: a Council order is signed for the
    Council by the City Clerk; an emergency direction by the Director of Public Works as the
    Council's designee; a minor repair by the Director, whose direction it is."""
    from reportlab.platypus import KeepTogether, Table, TableStyle

    st = styles()
    if view.minor:
        closing, title = f"For the {DIRECTOR}", DIRECTOR
    elif view.emergency:
        closing, title = f"For the {COUNCIL}, by its designee", DIRECTOR
    else:
        closing, title = f"For the {COUNCIL}", "City Clerk"
    signer = [
        para(closing, _style("closing", st.body, spaceAfter=0)),
        signature_line(f"{title}, {profile.city_name}", width=2.9 * INCH),
    ]
    cells: list[Any] = [signer, _service_cell(view) if not view.minor else ""]
    table = Table([cells], colWidths=[3.2 * INCH, "*"], hAlign="LEFT", spaceBefore=10)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return KeepTogether([table])


def _notice_top(view: RepairNoticeView, day: dt.date) -> Flowable:
    """The owner's name and address on the left, the notice's date on the right."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Table, TableStyle

    st = styles()
    recipient = "\n".join([view.owner_name, *_address_lines(view.owner_address)])
    top = Table(
        [[para(recipient, _style("to", st.body, spaceAfter=0)),
          para(long_day(day), _style("date", st.body, alignment=TA_RIGHT))]],
        colWidths=["*", 2.4 * INCH],
        hAlign="LEFT",
    )  # fmt: skip
    top.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return top


def _doing_the_work(view: RepairNoticeView, body: Any, attached: str) -> list[Flowable]:
    """How the owner may do the work: call the Director first in an emergency, else the
    sidewalk permit seven days before; nothing for a minor repair."""
    if view.emergency:
        # Note for the City Attorney: the article asks for a permit at least seven days before
        # the work, which an immediate repair cannot wait for; the notice sends the owner to the
        # Director instead of quoting the seven days. Confirm this reading.
        return [
            *_heading("Doing the work yourself"),
            _markup(
                "You may hire a contractor or do the work yourself, to the standard "
                f"specifications for sidewalk of the City's ordinance{attached}. <b>Call the "
                f"{DIRECTOR} before starting.</b> {_grey(PERMIT_CITE)}",
                body,
            ),
        ]
    if not view.minor:
        return [
            *_heading("Doing the work yourself"),
            _markup(
                "You may hire a contractor or do the work yourself, to the standard "
                f"specifications for sidewalk of the City's ordinance{attached}. A sidewalk "
                f"permit from the {DIRECTOR} is required at least seven days before the work "
                f"begins; no fee is charged for it. {_grey(PERMIT_CITE)}",
                body,
            ),
        ]
    return []


def repair_notice_pdf(
    view: RepairNoticeView,
    profile: CityProfile,
    *,
    printed_on: dt.date | None = None,
    sections: Sequence[tuple[str, str]] | None = None,
) -> bytes:
    """The notice to the owner to repair or remove and replace a sidewalk (Wis. Stat.
    § 66.0907(3)(c); the sidewalk article): the defect, the work required, the 20 days after
    service (or immediately, in an emergency), the permit the owner's contractor needs, and
    that the City will otherwise do the work and the City Treasurer enter its cost on the tax
    roll as a special tax; the whole block. ``sections`` attaches the standard specifications
    on the following page(s).
    """
    from reportlab.platypus import PageBreak, Spacer

    st = styles()
    day = printed_on or view.served_on or view.ordered_on
    body = _style("body", st.body, fontSize=10, leading=13.4, spaceAfter=5)
    cite_line = view.cite if view.minor else f"{NOTICE_STATUTE}; {REPAIR_ORDER_CITE}"
    attached = " (attached)" if sections else ""
    story: list[Flowable] = [
        _notice_top(view, day),
        Spacer(1, 10),
        para(_notice_title(view), st.title),
        _markup(
            f"Order <b>{escape(view.number)}</b> \u00b7 {escape(view.kind)} \u00b7 "
            f"{_cite(escape(cite_line))}",
            _style("notice-subtitle", st.subtitle, fontSize=9.5, leading=12.5, spaceAfter=8),
        ),
        _markup(_ordered_text(view, profile), body),
        key_value_block(_notice_facts(view), label_width=1.2 * INCH),
        Spacer(1, 4),
        _deadline_box(view, profile),
    ]
    story += _doing_the_work(view, body, attached)
    story.append(_notice_foot(view, profile))
    if sections:
        story += [PageBreak(), *_specification_story(sections, _spec_subtitle(None, day))]
    return build_pdf(
        story,
        profile=profile,
        title=f"{_notice_title(view)} {view.number}",
        subject=f"Sidewalk repair order {view.number}, {STATUTE}",
    )


# ---- Excel -----------------------------------------------------------------------------------


def _row(record: object) -> tuple[object, ...]:
    """A view row's fields in order (they are in column order), shallow."""
    return tuple(getattr(record, f.name) for f in fields(record))  # type: ignore[arg-type]


def _columns(spec: Sequence[tuple[str, str]]) -> tuple[Column, ...]:
    return tuple(Column(header, cast(ColumnKind, kind)) for header, kind in spec)


PERMIT_SHEET_COLUMNS = _columns(PERMIT_COLUMNS)
ORDER_SHEET_COLUMNS = _columns(ORDER_COLUMNS)
SEGMENT_SHEET_COLUMNS = _columns(SEGMENT_COLUMNS)


def register_xlsx(
    permits: Iterable[PermitRow],
    orders: Iterable[OrderRow],
    segments: Iterable[SegmentRow],
    path: Target,
    *,
    city: str = DEFAULT_CITY,
    printed_on: dt.date | None = None,
    author: str | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """One workbook: "Sidewalk permits", "Repair orders" and "Master plan", a sheet each, in
    the views' column order, written by ``reports.excel.write_workbook`` (streamed, styled as
    every register, ``progress`` over the three sheets, a cancel leaving no file); returns the
    rows written over the three sheets."""
    when = f", {format_day(printed_on)}" if printed_on else ""
    subtitle = f"{city} \u2014 sidewalks ({SIDEWALK_ARTICLE_CITE}; {STATUTE}){when}"
    sheets = [
        Sheet(title, columns, (_row(r) for r in rows), f"{subtitle} \u2014 {title}")
        for title, columns, rows in (
            ("Sidewalk permits", PERMIT_SHEET_COLUMNS, permits),
            ("Repair orders", ORDER_SHEET_COLUMNS, orders),
            ("Master plan", SEGMENT_SHEET_COLUMNS, segments),
        )
    ]
    return write_workbook(
        path,
        sheets,
        title="Sidewalks",
        subject=subtitle,
        author=author,
        city=city,
        progress=progress,
    )
