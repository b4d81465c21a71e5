"""The special event vending permit (§ 506-24) and the participants' copies of it.

* :func:`permit_pdf` — the permit the vendor displays at the booth, signed by the City Clerk: its
  number, the days, the display sentence and the Clerk's signature at the top of page 1, the
  holder, the event, the exact days, hours and places and the conditions — on a Schedule page
  named on page 1 when they do not fit it — and, for a sponsoring organization, the list of its
  sponsors and participants on the following pages.
* :func:`participant_copies_pdf` — one signed page for each participant a sponsoring
  organization listed, to display at that participant's booth.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.kinds import VendingStatus
from clerk_desk.settings import CityProfile
from clerk_desk.vending.papers import ApplicationPaper
from clerk_desk.vending.rules import (
    PERMIT_CITE,
    PROCEDURE_CITE,
    copies_refusal,
    permit_refusal,
)
from clerk_desk.words import format_day, long_day, plural
from reports import letterhead as lh
from reports.document import (
    INCH,
    LETTER,
    build_pdf,
    data_table,
    key_value_block,
    para,
    styles,
)
from reports.fonts import FONT_BOLD, FONT_REGULAR, register_fonts
from reports.permit_parts import frame_width, side_by_side
from reports.vending.parts import (
    AGENT_TEXT,
    CLERK,
    DISPLAY_TEXT,
    PALE_HEX,
    PERMIT_TITLE,
    SECTION_CITE,
    STANDING_CONDITIONS,
    VALIDITY_TEXT,
    address_line,
    applied_short,
    body_style,
    boxed_paras,
    cite_markup,
    clerk_signature,
    contact_text,
    council_share,
    decision_text,
    holder_text,
    is_sponsor,
    markup_para,
    named_style,
    numbered_paras,
    numbers_text,
    section_heading,
    slots_table,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


# ---- words ---------------------------------------------------------------------------------


# ---- flowables -------------------------------------------------------------------------------


# ---- the permit ------------------------------------------------------------------------------


def _range_text(application: ApplicationPaper) -> str:
    """The days of the permit, short enough for the band: "Fri Sep 11" and "Sun Sep 13, 2026"
    joined by an en dash."""
    start, end = application.first_day, application.last_day
    if start is None or end is None:
        return "No days given"
    if start == end:
        return format_day(start)
    if start.year == end.year:
        return f"{format_day(start).rsplit(',', 1)[0]} \u2013 {format_day(end)}"
    return f"{format_day(start)} \u2013 {format_day(end)}"


def _permit_band(application: ApplicationPaper, width: float) -> Flowable:
    """The permit number and the days it is good for, large, in a ruled band: what a police
    officer or an inspector walking the festival reads first."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = named_style("band-label", st.label, alignment=TA_CENTER, fontSize=8, leading=10)
    number = named_style(
        "band-number", st.title, fontSize=21, leading=25, alignment=TA_CENTER, spaceAfter=0
    )
    days = named_style(
        "band-days", st.title, fontSize=13, leading=16, alignment=TA_CENTER, spaceAfter=0
    )
    notice = named_style(
        "band-notice", st.body, fontSize=10, leading=13, alignment=TA_CENTER, spaceAfter=0
    )
    assert application.permit_number is not None
    table = Table(
        [
            [para("PERMIT NUMBER", label), para("VALID ONLY ON THE DAYS LISTED", label)],
            [para(application.permit_number, number), para(_range_text(application), days)],
            [
                markup_para(
                    f"<b>{escape(DISPLAY_TEXT)}</b><br/>{escape(VALIDITY_TEXT)} "
                    f"<font size='8' color='{lh.GREY_HEX}'>{cite_markup(PROCEDURE_CITE)}</font>",
                    notice,
                ),
                "",
            ],
        ],
        colWidths=[width * 0.46, width * 0.54],
        hAlign="CENTER",
    )
    navy = lh.color(lh.NAVY_HEX)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.8, navy),
                ("LINEAFTER", (0, 0), (0, 1), 0.8, navy),
                ("LINEABOVE", (0, 2), (-1, 2), 0.8, navy),
                ("SPAN", (0, 2), (-1, 2)),
                ("BACKGROUND", (0, 0), (-1, 1), lh.color(PALE_HEX)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, 0), 6),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 0),
                ("TOPPADDING", (0, 1), (-1, 1), 1),
                ("BOTTOMPADDING", (0, 1), (-1, 1), 7),
                ("TOPPADDING", (0, 2), (-1, 2), 5),
                ("BOTTOMPADDING", (0, 2), (-1, 2), 6),
                # the display sentence is one bold line across the whole band
                ("LEFTPADDING", (0, 2), (-1, 2), 3),
                ("RIGHTPADDING", (0, 2), (-1, 2), 3),
            ]
        )
    )
    return table


def _conditions_note(application: ApplicationPaper) -> str:
    """Who set which of the numbered conditions, for the heading above them."""
    own = len(list(application.permit_conditions))
    every = f"{numbers_text(own + 1, len(STANDING_CONDITIONS))} by § 506-24 on every permit"
    if not own:
        return "§ 506-24 (Conditions of permit), on every permit"
    council = council_share(application)
    if council is None:
        return f"{numbers_text(1, own)} set by the {CLERK}; {every}"
    parts = []
    if council:
        parts.append(f"{numbers_text(1, council)} set by the Common Council on appeal")
    if own > council:
        parts.append(
            f"{numbers_text(council + 1, own - council)} not met under § 506-24 when decided"
        )
    return "; ".join([*parts, every])


def _permit_conditions(application: ApplicationPaper, *, size: float = 8.8) -> list[Flowable]:
    """The conditions set on this permit, then, numbered on, those § 506-24 sets on every one."""
    own = [escape(c) for c in list(application.permit_conditions)]
    standing = [
        f"<b>{escape(title)}</b> {escape(text)}" for title, text, _cite_ in STANDING_CONDITIONS
    ]
    return numbered_paras([*own, *standing], size=size, markup=True)


def _police_text(application: ApplicationPaper) -> str | None:
    if application.police_approved_on is None:
        return None
    by = f" by {application.police_approved_by}" if application.police_approved_by else ""
    return f"Locations approved{by} on {format_day(application.police_approved_on)}"


def _participant_pages(application: ApplicationPaper) -> list[Flowable]:
    """The sponsors and participants list, on pages of its own after the permit; the running
    header names the permit on each."""
    from reportlab.platypus import PageBreak

    st = styles()
    people = list(application.participants)
    sponsors = sum(1 for p in people if p.role == "sponsor")
    counts = (
        f"{plural(len(people), 'name')}: {plural(sponsors, 'sponsor')}, "
        f"{plural(len(people) - sponsors, 'participant')}"
    )
    rows = [
        (str(n), p.name, p.role.capitalize(), p.goods, p.contact)
        for n, p in enumerate(people, start=1)
    ]
    return [
        PageBreak(),
        para(f"Sponsors and Participants \u2014 Permit {application.permit_number}", st.title),
        para(
            f"{application.event_name} \u00b7 {_range_text(application)} \u00b7 {counts}",
            st.subtitle,
        ),
        markup_para(
            f"<b>{escape(application.applicant.name)}</b> holds special event vending permit "
            f"{escape(application.permit_number or '')} {AGENT_TEXT}. This is the complete list "
            "of sponsors and participants it gave the City Clerk with its application "
            f"{escape(application.number)}, as {cite_markup(PROCEDURE_CITE)} requires, printed "
            "with the permit: each participant vends only on the days and at the locations of the "
            "permit, under its conditions.",
            named_style("list-intro", st.body, fontSize=9.3, leading=12.5, spaceAfter=8),
        ),
        data_table(
            ("No.", "Name", "Role", "Goods or services", "Contact"),
            rows,
            col_widths=[0.45 * INCH, "32%", 0.85 * INCH, "*", "24%"],
            align=("right", "left", "left", "left", "left"),
            plain=(True, False, True, False, False),
        ),
    ]


def _standing(application: ApplicationPaper) -> Conflict | None:
    """Why no permit may be printed for the application, or None: the rule the tab's Print
    permit is enabled by (:func:`clerk_desk.vending.rules.permit_refusal`)."""
    status = VendingStatus(application.status)
    return permit_refusal(application.number, status, application.permit_number)


def _first_frame_height() -> float:
    """The height of page 1's frame, under the letterhead and above the page number."""
    g = lh.GEOMETRY
    return LETTER[1] - g.top - g.letterhead_height - g.bottom - g.footer_height


def _later_frame_height() -> float:
    g = lh.GEOMETRY
    return LETTER[1] - g.top - g.running_header_height - g.bottom - g.footer_height


def _height(flowables: Sequence[Flowable], width: float) -> float:
    """How tall the flowables stand in one frame, their spaces included (laid out on a scratch
    canvas, as the page will lay them out)."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import KeepTogether

    register_fonts()
    scratch = Canvas(io.BytesIO(), pagesize=LETTER, initialFontName=FONT_REGULAR)
    total = 0.0
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):  # measured by what it holds
            total += _height(flowable._content, width)
            continue
        _w, h = flowable.wrapOn(scratch, width, 10_000)
        total += h + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def _signed_block(
    application: ApplicationPaper, profile: CityProfile, printed_on: dt.date
) -> Flowable:
    """The City Clerk's signature beside the date the permit was issued and what it rests on
    (the decision, the application): on page 1 of the permit and of every participant's copy."""
    from reportlab.lib.enums import TA_RIGHT

    st = styles()
    issued = application.permit_issued_on or application.decided_on or printed_on
    small_right = named_style("permit-small-right", st.small, alignment=TA_RIGHT)
    return side_by_side(
        clerk_signature(profile, width=3.0 * INCH),
        [
            para("Date issued", named_style("issued-label", st.label, alignment=TA_RIGHT)),
            para(
                long_day(issued),
                named_style("issued", st.value, alignment=TA_RIGHT, fontName=FONT_BOLD),
            ),
            para(decision_text(application), small_right),
            para(
                f"Application {application.number}, made {applied_short(application)}",
                small_right,
            ),
            para(f"Printed {format_day(printed_on)}", small_right),
        ],
        [3.2 * INCH, "*"],
        valign="BOTTOM",
    )


def _permit_head(profile: CityProfile, subtitle: str = "") -> list[Flowable]:
    from reportlab.lib.enums import TA_CENTER

    st = styles()
    head = [
        para(
            PERMIT_TITLE.upper(),
            named_style("permit-title", st.title, fontSize=21, leading=25, alignment=TA_CENTER),
        ),
        markup_para(
            f"Issued by the {CLERK} under {cite_markup(SECTION_CITE)} of the Code of the "
            f"{escape(profile.city_name)}, {escape(profile.state)}",
            named_style(
                "permit-under",
                st.subtitle,
                fontSize=9.5,
                leading=12,
                alignment=TA_CENTER,
                spaceAfter=4 if subtitle else 7,
            ),
        ),
    ]
    if subtitle:
        head.append(
            markup_para(
                subtitle,
                named_style(
                    "permit-copy", st.title, fontSize=12, leading=15, alignment=TA_CENTER,
                    spaceAfter=6,
                ),
            )
        )  # fmt: skip
    return head


def _schedule_note(days: bool, conditions: bool, *, page: int = 2) -> Flowable:
    """The boxed line on page 1 naming what the Schedule holds."""
    what = " and ".join(
        part
        for part, moved in (
            ("the exact days, hours and places", days),
            ("the conditions", conditions),
        )
        if moved
    )
    return boxed_paras(
        [
            f"<b>Schedule.</b> {what[0].upper() + what[1:]} of this permit are listed on the "
            f"<b>Schedule on page {page}</b>, which is part of this permit and is displayed "
            "with this page."
        ],
        size=9.5,
    )


def _permit_facts(application: ApplicationPaper, after: str) -> Flowable:
    """The holder (with the count of its list, printed ``after`` the page or the Schedule), the
    contact, the event, the goods and the Chief of Police's approval."""
    people = list(application.participants)
    contact = " \u00b7 ".join(
        p for p in (contact_text(application, blank=""), address_line(application)) if p
    )
    holder = holder_text(application)
    if is_sponsor(application):
        holder += (
            f" ({plural(len(people), 'sponsor or participant', 'sponsors and participants')}"
            f", listed after {after})"
        )
    rows: list[tuple[str, object]] = [
        ("Permit holder", holder),
        ("Contact", contact or "None given"),
        ("Event", application.event_name),
        ("Goods or services", application.goods or "Not stated"),
    ]
    police = _police_text(application)
    if police:
        rows.append(("Chief of Police", police))
    return key_value_block(rows, label_width=1.45 * INCH)


def _schedule_page(application: ApplicationPaper, schedule: list[Flowable]) -> list[Flowable]:
    """The Schedule page: what page 1 could not hold, under a heading naming the permit."""
    st = styles()
    return [
        para(f"Schedule \u2014 Permit {application.permit_number}", st.title),
        para(
            f"{holder_text(application)} \u00b7 {application.event_name} \u00b7 "
            f"{_range_text(application)}",
            st.subtitle,
        ),
        markup_para(
            f"This Schedule is part of special event vending permit "
            f"<b>{escape(application.permit_number or '')}</b>, signed by the {CLERK} on "
            "page 1, and is displayed with it. The permit is valid only on the dates and at "
            f"the locations it lists ({cite_markup(PROCEDURE_CITE)}).",
            named_style("schedule-intro", st.body, fontSize=9.3, leading=12.5, spaceAfter=8),
        ),
        *schedule,
    ]


def permit_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The special event vending permit, signed by the City Clerk, to be conspicuously
    displayed where sales are made (§ 506-24 (Procedure)).

    Page 1 is the page displayed, and it is complete and signed: the permit number and its days,
    the display sentence, then the Clerk's signature and the date issued, then the holder, the
    event, the table of days and places and the conditions. When the table or the conditions do
    not fit on page 1 they go — the conditions first, then the days, then both — on a
    "Schedule" page that page 1 names; for a sponsoring organization the list of its sponsors and
    participants follows.

    Raises :class:`~clerk_desk.errors.Conflict` for an application without a permit, or whose
    permit no longer stands (withdrawn): a permit printed then would let someone sell without one.
    """
    from reportlab.platypus import PageBreak, Spacer

    refused = _standing(application)
    if refused is not None:
        raise refused
    width = frame_width()
    people = list(application.participants)

    def conditions() -> list[Flowable]:
        return [
            section_heading(
                "Conditions of this permit", cite_markup(_conditions_note(application))
            ),
            *_permit_conditions(application),
        ]

    def top(after: str) -> list[Flowable]:
        return [
            *_permit_head(profile),
            _permit_band(application, width),
            Spacer(1, 8),
            _signed_block(application, profile, printed_on),
            Spacer(1, 8),
            _permit_facts(application, after),
            Spacer(1, 8),
        ]

    # Page 1 as it would be whole, then with the conditions, then the days, then both on the
    # Schedule: the first that fits. Each layout is built afresh (a flowable is laid out once).
    layouts: list[tuple[Callable[[], list[Flowable]], Callable[[], list[Flowable]]]] = [
        (lambda: [*top("this page"), slots_table(application), *conditions()], list),
        (
            lambda: [*top("the Schedule"), slots_table(application), _schedule_note(False, True)],
            conditions,
        ),
        (
            lambda: [*top("the Schedule"), _schedule_note(True, False), *conditions()],
            lambda: [slots_table(application)],
        ),
    ]
    room = _first_frame_height() - 4  # a little slack for what the estimate leaves out
    story, schedule = next(
        ((page(), rest()) for page, rest in layouts if _height(page(), width) <= room),
        (
            [*top("the Schedule"), _schedule_note(True, True)],
            [slots_table(application), Spacer(1, 4), *conditions()],
        ),
    )
    if schedule:
        story += [PageBreak(), *_schedule_page(application, schedule)]
    if is_sponsor(application) and people:
        story += _participant_pages(application)
    return build_pdf(
        story,
        profile=profile,
        title=f"{PERMIT_TITLE} {application.permit_number}",
        subject=f"{PERMIT_TITLE} for {application.event_name}, {SECTION_CITE}",
    )


def participant_copies_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """One page for each participant a sponsoring organization listed (its sponsors are on the
    permit's list, but a copy is for a booth): "Copy for <name>, n of N", the permit number and
    its days, the display sentence, the holder as agent for its participating members, the
    participant's goods or services, the exact days and places and the City Clerk's signature,
    so each participant can display the permit where its sales are made (§ 506-24
    (Procedure)). A copy is shrunk to one page when the days and places are many.

    Raises :class:`~clerk_desk.errors.Conflict` when no permit stands, or the holder is not a
    sponsoring organization with participants listed.
    """
    from reportlab.platypus import KeepInFrame, PageBreak, Spacer

    listed = [p for p in application.participants if p.role != "sponsor"]
    refused = copies_refusal(
        application.number,
        VendingStatus(application.status),
        application.permit_number,
        sponsor=is_sponsor(application),
        participants=len(listed),
    )
    if refused is not None:
        raise refused
    width, height = frame_width(), _later_frame_height()
    own = len(list(application.permit_conditions))
    terms = (
        (f"the {plural(own, 'condition')} set on it and " if own else "")
        + "those § 506-24 sets on every permit (liability insurance, cooperation with the "
        "Chief of Police, cleanup)"
    )
    story: list[Flowable] = []
    for n, person in enumerate(listed, start=1):
        name = escape(person.name)
        rows: list[tuple[str, object]] = [
            ("Participant", person.name),
            ("Goods or services", person.goods or application.goods or "Not stated"),
            ("Permit holder", holder_text(application)),
            ("Event", application.event_name),
        ]
        if person.contact:
            rows.insert(2, ("Contact", person.contact))
        page: list[Flowable] = [
            *_permit_head(
                profile,
                f"Copy for <b>{name}</b>, {n} of {len(listed)}",
            ),
            _permit_band(application, width),
            Spacer(1, 8),
            _signed_block(application, profile, printed_on),
            Spacer(1, 8),
            key_value_block(rows, label_width=1.45 * INCH),
            Spacer(1, 6),
            markup_para(
                f"{name} vends as a participating member of "
                f"<b>{escape(application.applicant.name)}</b>, which holds permit "
                f"<b>{escape(application.permit_number or '')}</b> {AGENT_TEXT} "
                f"({cite_markup(PERMIT_CITE)}), only on the days and at the places below, under "
                f"{escape(terms)}, printed on the permit.",
                named_style("copy-intro", body_style(), fontSize=9.3, leading=12.5),
            ),
            slots_table(application),
        ]
        story.append(KeepInFrame(width, height, page, mode="shrink"))
        if n < len(listed):
            story.append(PageBreak())
    return build_pdf(
        story,
        profile=profile,
        title=f"Participant copies \u2014 {PERMIT_TITLE} {application.permit_number}",
        subject=f"Participants' copies of {PERMIT_TITLE} {application.permit_number}, "
        f"{SECTION_CITE}",
        letterhead=False,
    )


# ---- the doubt notice ------------------------------------------------------------------------


# ---- decisions -------------------------------------------------------------------------------


# ---- Excel -----------------------------------------------------------------------------------
