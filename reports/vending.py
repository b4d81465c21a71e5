"""Special event vending papers (§ 506-24): the permit, the letters, the register.

* :func:`permit_pdf` — the permit the vendor displays at the booth, signed by the City Clerk: its
  number, the days, the display sentence and the Clerk's signature at the top of page 1, the
  holder, the event, the exact days, hours and places and the conditions — on a Schedule page
  named on page 1 when they do not fit it — and, for a sponsoring organization, the list of its
  sponsors and participants on the following pages.
* :func:`participant_copies_pdf` — one signed page for each participant a sponsoring
  organization listed, to display at that participant's booth.
* :func:`doubt_notice_pdf` — the Clerk's written statement of the matters in doubt, which
  § 506-24 (Procedure) requires within three days of the time of making application.
* :func:`denial_letter_pdf` — the Clerk's denial with its reasons and the appeal to the Common
  Council, with the last day to file it.
* :func:`decision_letter_pdf` — the letter for whatever was decided last: the approval (or
  conditional approval) that encloses the permit, the denial, or the Council's decision on an
  appeal. Every one states the appeal right: where one lies (a denial by the Clerk), its last
  day; where none does, that § 506-24 (Procedure) gives an appeal only from a denial.
* :func:`applications_excel` — the register of applications.

The wording of the ordinance is written here once (:data:`STANDING_CONDITIONS`, the display
sentence, the appeal sentence), so the permit and the letters can never tell a vendor different
things. Applications must be read inside the session that loaded them (or with their applicant,
days, participants, notices and appeals loaded). ReportLab and openpyxl are imported only when
a paper is made.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.clock import city_zone
from clerk_desk.errors import Conflict
from clerk_desk.kinds import ApplicantKind, VendingStatus
from clerk_desk.settings import CityProfile
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.papers import AppealPaper, ApplicationPaper, NoticePaper
from clerk_desk.vending.rules import (
    CLEANUP_CITE,
    INSURANCE_CITE,
    PERMIT_CITE,
    POLICE_CITE,
    PROCEDURE_CITE,
)
from clerk_desk.vending.views import SlotRow
from clerk_desk.words import clock_time, format_day, long_day, plural

from . import letterhead as lh
from .document import (
    INCH,
    LETTER,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import Column, ProgressCallback, write_register
from .fonts import FONT_BOLD, FONT_REGULAR, register_fonts
from .permit_parts import frame_width, side_by_side

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

SECTION_CITE = "§ 506-24"
CLERK = "City Clerk"
PERMIT_TITLE = "Special Event Vending Permit"
DISPLAY_TEXT = (
    "This permit must be conspicuously displayed at the place where sales are being made."
)
VALIDITY_TEXT = "It is valid only on the dates and at the locations listed on this permit."
AGENT_TEXT = "as agent for its participating members"

STANDING_CONDITIONS: tuple[tuple[str, str, str], ...] = (
    (
        "Liability insurance.",
        "Adequate liability insurance must be in force, holding harmless, indemnifying and "
        "defending the City, its employees and agents: comprehensive general and contractual "
        "liability naming the City as an additional insured, at least $100,000 per occurrence "
        "for bodily injury and $50,000 per occurrence for property damage, with 30 days\u2019 "
        "written notice to the City of cancellation, nonrenewal or material change.",
        INSURANCE_CITE,
    ),
    (
        "Cooperation with law enforcement officials.",
        "The location of all events under this permit is coordinated with the Chief of Police; "
        "street and sidewalk encroachments, booth locations and special parking are subject to "
        "the Chief of Police\u2019s review and approval.",
        POLICE_CITE,
    ),
    (
        "Cleanup.",
        "The permittee is fully responsible for all necessary cleanup associated with the "
        "permitted event.",
        CLEANUP_CITE,
    ),
)
"""The requirements § 506-24 (Conditions of permit) puts on every permittee, as printed: the
paragraph's own heading, the requirement, and its citation."""

_PALE_HEX = "#F5F7FA"


# ---- words ---------------------------------------------------------------------------------


def _cite(text: str) -> str:
    """A citation that never breaks between "§" and its number."""
    return text.replace("§ ", "§\u00a0")


def hours_text(slot: SlotRow) -> str:
    """ "9:00 a.m. to 6:00 p.m." """
    return f"{clock_time(slot.starts, dotted=True)} to {clock_time(slot.ends, dotted=True)}"


def _span_text(application: ApplicationPaper) -> str:
    """ "Friday, September 11, 2026 through Sunday, September 13, 2026", or one day."""
    start, end = application.first_day, application.last_day
    if start is None or end is None:
        return "No days given"
    return long_day(start) if start == end else f"{long_day(start)} through {long_day(end)}"


def _applied_short(application: ApplicationPaper) -> str:
    """ "Mon Aug 3, 2026, 9:30 a.m." """
    local = application.applied_at.astimezone(city_zone())
    return f"{format_day(local.date())}, {clock_time(local, dotted=True)}"


def _applied_text(application: ApplicationPaper) -> str:
    """ "Monday, August 3, 2026, at 9:30 a.m.": the time the three-day clock started."""
    local = application.applied_at.astimezone(city_zone())
    return f"{long_day(local.date())}, at {clock_time(local, dotted=True)}"


def _is_sponsor(application: ApplicationPaper) -> bool:
    return ApplicantKind(application.applicant_kind) is ApplicantKind.SPONSOR


def _holder_text(application: ApplicationPaper) -> str:
    name = application.applicant.name
    return f"{name}, {AGENT_TEXT}" if _is_sponsor(application) else name


def _condition_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _recipient_lines(application: ApplicationPaper) -> list[str]:
    """Who a letter goes to: the applicant, to the attention of its contact, at its address."""
    party = application.applicant
    lines = [party.name]
    attention = application.contact_name.strip() or party.contact_name.strip()
    if attention and attention != party.name:
        lines.append(f"Attn: {attention}")
    address = _address_lines(application)
    if address:
        lines += address
    else:
        email = application.contact_email.strip() or party.email.strip()
        if email:
            lines.append(email)
    return lines


def _contact_text(application: ApplicationPaper, *, blank: str = "None given") -> str:
    parts = [application.contact_name, application.contact_phone, application.contact_email]
    return " \u00b7 ".join(p.strip() for p in parts if p.strip()) or blank


def _address_lines(application: ApplicationPaper) -> list[str]:
    """The applicant's mailing address, line by line, without the dangling comma a town with
    no state leaves ("Prescott,")."""
    lines = application.applicant.mailing_address.splitlines()
    return [line.strip().strip(",").strip() for line in lines if line.strip(" ,")]


def _address_line(application: ApplicationPaper) -> str:
    return ", ".join(_address_lines(application))


def _office_line(profile: CityProfile) -> str:
    """ "the City Clerk, City Hall, Prescott Municipal Building, 800 Borner St N, ..." """
    place = ", ".join(line.strip() for line in profile.address_lines if line.strip())
    return f"the {CLERK}, {profile.office}" + (f", {place}" if place else "")


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


# ---- flowables -------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-vending-{name}", parent=parent, **kw)


def _markup(text: str, style: Any | None = None) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style if style is not None else _body())


def _body() -> Any:
    return _style("body", styles().body, fontSize=10, leading=13.3, spaceAfter=5)


def _numbered(
    items: Sequence[str], *, size: float = 10, markup: bool = False, start: int = 1
) -> list[Flowable]:
    """Numbered paragraphs with a hanging indent; plain text unless ``markup``."""
    from reportlab.platypus import Paragraph

    style = _style(
        f"numbered-{size}",
        styles().body,
        fontSize=size,
        leading=round(size * 1.36, 1),
        leftIndent=20,
        bulletIndent=2,
        spaceAfter=3.5,
    )
    return [
        Paragraph(
            text if markup else escape(text).replace("\n", "<br/>"), style, bulletText=f"{n}."
        )
        for n, text in enumerate(items, start=start)
    ]


def _heading(text: str, note: str = "") -> Flowable:
    """A section heading, with a grey note (the citation, or what the section means) after it."""
    from reportlab.platypus import Paragraph

    style = _style("heading", styles().heading, fontSize=11, leading=14, spaceBefore=7)
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>"
        f"\u2014 {escape(note)}</font>"
        if note
        else ""
    )
    return Paragraph(escape(text) + tail, style)


def _boxed(texts: Sequence[str], *, size: float = 10.5) -> Flowable:
    """Paragraphs of markup in a ruled box: what the reader must not miss."""
    from reportlab.platypus import Table, TableStyle

    style = _style(f"boxed-{size}", styles().body, fontSize=size, leading=size * 1.38, spaceAfter=3)
    table = Table([[[_markup(t, style) for t in texts]]], colWidths=["100%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.4, lh.color(lh.NAVY_HEX)),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return table


def _signature(profile: CityProfile, *, width: float = 3.0 * INCH) -> Flowable:
    """The line the City Clerk signs on, captioned "City Clerk, City of Prescott"."""
    return signature_line(f"{CLERK}, {profile.city_name}", width=width)


def _letter_top(
    application: ApplicationPaper, printed_on: dt.date, title: str, subtitle: str
) -> list[Flowable]:
    """Recipient and date, then the letter's title and the line under it."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    return [
        side_by_side(
            para("\n".join(_recipient_lines(application)), _style("to", st.body, spaceAfter=0)),
            para(long_day(printed_on), _style("date", st.body, alignment=TA_RIGHT)),
            ["*", 2.4 * INCH],
        ),
        Spacer(1, 10),
        para(title, st.title),
        para(subtitle, st.subtitle),
    ]


def _letter_foot(profile: CityProfile, *, closing: str = "Sincerely,") -> list[Flowable]:
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import KeepTogether, Spacer

    st = styles()
    return [
        Spacer(1, 6),
        KeepTogether(
            [
                para(closing, _style("closing", st.body, spaceAfter=0)),
                side_by_side(
                    _signature(profile, width=2.9 * INCH),
                    para(_questions(profile), _style("questions", st.small, alignment=TA_RIGHT)),
                    [3.2 * INCH, "*"],
                    valign="BOTTOM",
                ),
            ]
        ),
    ]


def _slots_table(application: ApplicationPaper) -> Flowable:
    rows = [(long_day(slot.day), hours_text(slot), slot.location) for slot in application.slots]
    return data_table(
        ("Day", "Hours", "Location"),
        rows,
        col_widths=[2.25 * INCH, 1.75 * INCH, "*"],
    )


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
    label = _style("band-label", st.label, alignment=TA_CENTER, fontSize=8, leading=10)
    number = _style(
        "band-number", st.title, fontSize=21, leading=25, alignment=TA_CENTER, spaceAfter=0
    )
    days = _style("band-days", st.title, fontSize=13, leading=16, alignment=TA_CENTER, spaceAfter=0)
    notice = _style(
        "band-notice", st.body, fontSize=10, leading=13, alignment=TA_CENTER, spaceAfter=0
    )
    assert application.permit_number is not None
    table = Table(
        [
            [para("PERMIT NUMBER", label), para("VALID ONLY ON THE DAYS LISTED", label)],
            [para(application.permit_number, number), para(_range_text(application), days)],
            [
                _markup(
                    f"<b>{escape(DISPLAY_TEXT)}</b><br/>{escape(VALIDITY_TEXT)} "
                    f"<font size='8' color='{lh.GREY_HEX}'>{_cite(PROCEDURE_CITE)}</font>",
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
                ("BACKGROUND", (0, 0), (-1, 1), lh.color(_PALE_HEX)),
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


def _decision_text(application: ApplicationPaper) -> str:
    """ "Approved conditionally by the City Clerk on Tue Aug 4, 2026", or the Common Council's
    approval on appeal, with the day of its meeting."""
    status = VendingStatus(application.status)
    if status is VendingStatus.APPROVED_ON_APPEAL:
        appeal = _decided_appeal(application)
        conditional = appeal is not None and appeal.outcome == AppealOutcome.APPROVED_CONDITIONALLY
        how = "Approved conditionally" if conditional else "Approved"
        acted = appeal.acted_on if appeal is not None else None
        when = format_day(acted) if acted else "a day not recorded"
        return f"{how} on appeal by the Common Council on {when}"
    when = format_day(application.decided_on) if application.decided_on else "a day not recorded"
    how = "Approved conditionally" if status is VendingStatus.CONDITIONALLY_APPROVED else "Approved"
    return f"{how} by the {CLERK} on {when}"


def _numbers(first: int, count: int) -> str:
    """ "3", "3\u20135": the numbers of ``count`` conditions from ``first``."""
    return str(first) if count == 1 else f"{first}\u2013{first + count - 1}"


def _council_share(application: ApplicationPaper) -> int | None:
    """How many of the permit's conditions the Common Council set, read from its appeal, for
    a permit granted on appeal (``None`` otherwise); they are printed first."""
    if VendingStatus(application.status) is not VendingStatus.APPROVED_ON_APPEAL:
        return None
    return len(list(application.council_conditions))


def _conditions_note(application: ApplicationPaper) -> str:
    """Who set which of the numbered conditions, for the heading above them."""
    own = len(list(application.permit_conditions))
    every = f"{_numbers(own + 1, len(STANDING_CONDITIONS))} by § 506-24 on every permit"
    if not own:
        return "§ 506-24 (Conditions of permit), on every permit"
    council = _council_share(application)
    if council is None:
        return f"{_numbers(1, own)} set by the {CLERK}; {every}"
    parts = []
    if council:
        parts.append(f"{_numbers(1, council)} set by the Common Council on appeal")
    if own > council:
        parts.append(f"{_numbers(council + 1, own - council)} not met under § 506-24 when decided")
    return "; ".join([*parts, every])


def _permit_conditions(application: ApplicationPaper, *, size: float = 8.8) -> list[Flowable]:
    """The conditions set on this permit, then, numbered on, those § 506-24 sets on every one."""
    own = [escape(c) for c in list(application.permit_conditions)]
    standing = [
        f"<b>{escape(title)}</b> {escape(text)}" for title, text, _cite_ in STANDING_CONDITIONS
    ]
    return _numbered([*own, *standing], size=size, markup=True)


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
        _markup(
            f"<b>{escape(application.applicant.name)}</b> holds special event vending permit "
            f"{escape(application.permit_number or '')} {AGENT_TEXT}. This is the complete list "
            "of sponsors and participants it gave the City Clerk with its application "
            f"{escape(application.number)}, as {_cite(PROCEDURE_CITE)} requires, printed with "
            "the permit: each participant vends only on the days and at the locations of the "
            "permit, under its conditions.",
            _style("list-intro", st.body, fontSize=9.3, leading=12.5, spaceAfter=8),
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
    """Why no permit may be printed for the application (none issued, or it no longer stands:
    a permit printed then would let someone sell without one), or None."""
    status = VendingStatus(application.status)
    if not application.permit_number:
        return Conflict(
            f"Application {application.number} has no permit: it is {status.label.lower()}.",
            cite=PROCEDURE_CITE,
        )
    if not status.permitted:
        return Conflict(
            f"Permit {application.permit_number} no longer stands: application "
            f"{application.number} is {status.label.lower()}.",
            cite=PROCEDURE_CITE,
        )
    return None


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
    small_right = _style("permit-small-right", st.small, alignment=TA_RIGHT)
    return side_by_side(
        _signature(profile, width=3.0 * INCH),
        [
            para("Date issued", _style("issued-label", st.label, alignment=TA_RIGHT)),
            para(
                long_day(issued),
                _style("issued", st.value, alignment=TA_RIGHT, fontName=FONT_BOLD),
            ),
            para(_decision_text(application), small_right),
            para(
                f"Application {application.number}, made {_applied_short(application)}",
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
            _style("permit-title", st.title, fontSize=21, leading=25, alignment=TA_CENTER),
        ),
        _markup(
            f"Issued by the {CLERK} under {_cite(SECTION_CITE)} of the Code of the "
            f"{escape(profile.city_name)}, {escape(profile.state)}",
            _style(
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
            _markup(
                subtitle,
                _style(
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
    return _boxed(
        [
            f"<b>Schedule.</b> {what[0].upper() + what[1:]} of this permit are listed on the "
            f"<b>Schedule on page {page}</b>, which is part of this permit and is displayed "
            "with this page."
        ],
        size=9.5,
    )


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
    st = styles()
    width = frame_width()
    people = list(application.participants)
    contact = " \u00b7 ".join(
        p for p in (_contact_text(application, blank=""), _address_line(application)) if p
    )

    def facts(after: str) -> Flowable:
        holder = _holder_text(application)
        if _is_sponsor(application):
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

    def conditions() -> list[Flowable]:
        return [
            _heading("Conditions of this permit", _cite(_conditions_note(application))),
            *_permit_conditions(application),
        ]

    def top(after: str) -> list[Flowable]:
        return [
            *_permit_head(profile),
            _permit_band(application, width),
            Spacer(1, 8),
            _signed_block(application, profile, printed_on),
            Spacer(1, 8),
            facts(after),
            Spacer(1, 8),
        ]

    # Page 1 as it would be whole, then with the conditions, then the days, then both on the
    # Schedule: the first that fits. Each layout is built afresh (a flowable is laid out once).
    layouts: list[tuple[Callable[[], list[Flowable]], Callable[[], list[Flowable]]]] = [
        (lambda: [*top("this page"), _slots_table(application), *conditions()], list),
        (
            lambda: [*top("the Schedule"), _slots_table(application), _schedule_note(False, True)],
            conditions,
        ),
        (
            lambda: [*top("the Schedule"), _schedule_note(True, False), *conditions()],
            lambda: [_slots_table(application)],
        ),
    ]
    room = _first_frame_height() - 4  # a little slack for what the estimate leaves out
    story, schedule = next(
        ((page(), rest()) for page, rest in layouts if _height(page(), width) <= room),
        (
            [*top("the Schedule"), _schedule_note(True, True)],
            [_slots_table(application), Spacer(1, 4), *conditions()],
        ),
    )
    if schedule:
        story += [
            PageBreak(),
            para(f"Schedule \u2014 Permit {application.permit_number}", st.title),
            para(
                f"{_holder_text(application)} \u00b7 {application.event_name} \u00b7 "
                f"{_range_text(application)}",
                st.subtitle,
            ),
            _markup(
                f"This Schedule is part of special event vending permit "
                f"<b>{escape(application.permit_number or '')}</b>, signed by the {CLERK} on "
                "page 1, and is displayed with it. The permit is valid only on the dates and at "
                f"the locations it lists ({_cite(PROCEDURE_CITE)}).",
                _style("schedule-intro", st.body, fontSize=9.3, leading=12.5, spaceAfter=8),
            ),
            *schedule,
        ]
    if _is_sponsor(application) and people:
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

    refused = _standing(application)
    if refused is not None:
        raise refused
    listed = [p for p in application.participants if p.role != "sponsor"]
    if not _is_sponsor(application) or not listed:
        raise Conflict(
            f"Permit {application.permit_number} lists no participants: there are no "
            "participant copies to print.",
            cite=PROCEDURE_CITE,
        )
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
            ("Permit holder", _holder_text(application)),
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
            _markup(
                f"{name} vends as a participating member of "
                f"<b>{escape(application.applicant.name)}</b>, which holds permit "
                f"<b>{escape(application.permit_number or '')}</b> {AGENT_TEXT} "
                f"({_cite(PERMIT_CITE)}), only on the days and at the places below, under "
                f"{escape(terms)}, printed on the permit.",
                _style("copy-intro", _body(), fontSize=9.3, leading=12.5),
            ),
            _slots_table(application),
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


_TRAILING_CITE = re.compile(r"^(?P<text>.*\S)\s+\((?P<cite>§ [^()]*(?:\([^()]*\))?)\)$", re.S)


def _matter_markup(matter: str) -> str:
    """A matter in doubt as the core words it, "text (§ 506-24 (Procedure))", with its
    citation set small and grey so the matter itself reads first."""
    found = _TRAILING_CITE.match(matter.strip())
    if found is None:
        return escape(matter).replace("\n", "<br/>")
    return (
        f"{escape(found['text'])} <font size='8.5' color='{lh.GREY_HEX}'>"
        f"({_cite(escape(found['cite']))})</font>"
    )


def doubt_notice_pdf(notice: NoticePaper, *, profile: CityProfile, printed_on: dt.date) -> bytes:
    """The letter stating the matters in doubt, each numbered, that § 506-24 (Procedure)
    requires within three days of the time of making application, and what to do next."""
    from reportlab.platypus import Spacer

    application = notice.application
    matters = list(notice.matters)
    if not matters:
        raise Conflict("This notice states no matter in doubt.", cite=PROCEDURE_CITE)
    prepared = notice.prepared_at.astimezone(city_zone())
    facts: list[tuple[str, object]] = [
        ("Application", f"{application.number}, made {_applied_text(application)}"),
        ("Event", application.event_name),
        ("Days", _span_text(application)),
        (
            "Notice",
            f"Due by {long_day(notice.due_on)}, three days from the application; stated "
            f"{long_day(prepared.date())} by {notice.prepared_by_name}",
        ),
    ]
    if _is_sponsor(application):
        facts.insert(1, ("Applicant", _holder_text(application)))
    if notice.delivered_at is not None:
        delivered = notice.delivered_at.astimezone(city_zone())
        facts.append(
            (
                "Delivered",
                f"{long_day(delivered.date())}, at {clock_time(delivered, dotted=True)} "
                f"({notice.delivered_manner})",
            )
        )
    story: list[Flowable] = [
        *_letter_top(
            application,
            printed_on,
            "Notice of Matters in Doubt",
            f"Special event vending permit application {application.number} \u00b7 "
            f"{PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.2 * INCH),
        Spacer(1, 8),
        _markup(
            f"The {CLERK} has reviewed your application for a special event vending permit for "
            f"<b>{escape(application.event_name)}</b> for conformity with "
            f"{_cite(SECTION_CITE)}. In the {CLERK}\u2019s opinion the applicable requirements "
            "are <b>not clearly and unambiguously met</b>. "
            f"{_cite(PROCEDURE_CITE)} requires the {CLERK} to state the matters in doubt, in "
            f"writing, to the applicant within three days of the time of making application "
            f"(here, by {escape(long_day(notice.due_on))}). They are:"
        ),
        _heading(f"Matters in doubt ({len(matters)})"),
        *_numbered([_matter_markup(m) for m in matters], markup=True),
        _heading("What to do"),
        _markup(
            "Please <b>correct your application, or provide the items listed above</b>, to "
            f"{escape(_office_line(profile))}, quoting application "
            f"<b>{escape(application.number)}</b>. The corrected application will be reviewed "
            "again, and you will be told the decision in writing."
        ),
        _markup(
            "Proof of liability insurance, and the street and sidewalk encroachments, booth "
            "locations and special parking for the Chief of Police\u2019s review and approval, "
            "must be submitted at least <b>seven days before the event starts</b> "
            f"({_cite('§ 506-24 (Conditions of permit)')})."
        ),
        _markup(
            "Until a permit is issued, no goods or services may be displayed, sold or offered "
            "for sale on any street, sidewalk, alley or other public place in the City "
            f"({_cite(PERMIT_CITE)})."
        ),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Matters in doubt \u2014 application {application.number}",
        subject=f"Notice of matters in doubt, special event vending, {PROCEDURE_CITE}",
    )


# ---- decisions -------------------------------------------------------------------------------


def _last_appeal(application: ApplicationPaper) -> AppealPaper | None:
    return application.appeals[-1] if application.appeals else None


def _decided_appeal(application: ApplicationPaper) -> AppealPaper | None:
    """The appeal the Common Council has decided (there is at most one), or None."""
    return next((a for a in reversed(application.appeals) if a.outcome), None)


def _appeal_right(application: ApplicationPaper) -> Flowable:
    """The boxed appeal paragraph of a denial by the Clerk, with the last day to file."""
    assert application.appeal_due_on is not None
    last = escape(long_day(application.appeal_due_on))
    return _boxed(
        [
            "<b>Your right to appeal.</b> You may appeal this denial to the Common Council. "
            "An appeal request must be <b>filed with the City Clerk within seven days of the "
            f"Clerk\u2019s decision</b>: the last day to file is <b>{last}</b>.",
            "The Common Council will review the appeal and may deny the permit, approve the "
            "permit, or approve the permit conditionally. "
            f"<font size='8.5' color='{lh.GREY_HEX}'>{_cite(PROCEDURE_CITE)}</font>",
        ]
    )


APPROVAL_APPEAL_TEXT = (
    f"{PROCEDURE_CITE} provides an appeal to the Common Council only from a denial of the "
    "application by the City Clerk, so no appeal applies to this decision."
)
"""The appeal right stated in a letter approving the permit, with or without conditions."""

COUNCIL_APPEAL_TEXT = (
    f"{PROCEDURE_CITE} provides one appeal, from the City Clerk\u2019s denial to the Common "
    "Council, and the Council has decided it: no further appeal applies under it."
)
"""The appeal right stated in the letter of the Common Council's decision on an appeal."""


def _no_appeal(text: str) -> Flowable:
    """The boxed appeal paragraph of a decision no appeal lies from, citing the paragraph that
    gives the one appeal there is."""
    return _boxed([f"<b>Your right to appeal.</b> {escape(_cite(text))}"])


def _days_places_text(application: ApplicationPaper) -> str:
    """ "Friday, September 11, 2026 through Sunday, September 13, 2026 (3 days, 2 locations)" """
    days = len({s.day for s in application.slots})
    places = len({s.location.casefold() for s in application.slots})
    if not days:
        return "No days given"
    return f"{_span_text(application)} ({plural(days, 'day')}, {plural(places, 'location')})"


def _decision_facts(application: ApplicationPaper) -> list[tuple[str, object]]:
    facts: list[tuple[str, object]] = [
        ("Application", f"{application.number}, made {_applied_text(application)}"),
        ("Event", application.event_name),
        ("Days", _days_places_text(application)),
    ]
    if _is_sponsor(application):
        facts.insert(1, ("Applicant", _holder_text(application)))
    return facts


def _clerk_denial_text(application: ApplicationPaper) -> str:
    """ "Denied by the City Clerk (Test Clerk) on Thursday, August 6, 2026" """
    assert application.denied_on is not None
    by = application.denied_by_name.strip()
    return (
        f"Denied by the {CLERK}"
        + (f" ({by})" if by else "")
        + (f" on {long_day(application.denied_on)}")
    )


FEE_AFTER_DENIAL = (
    "The permit fee billed with the application stays owed: the application was received and "
    "reviewed, and a denial does not cancel it."
)


def denial_letter_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The City Clerk's denial, with the reasons, and the appeal to the Common Council within
    seven days of the decision, with its last day (§ 506-24 (Procedure)). It is dated and
    signed from ``denied_on`` and ``denied_by_name``, which the Council's later decision does
    not change, and says that the permit fee stays owed.

    Raises :class:`~clerk_desk.errors.Conflict` for an application the Clerk did not deny.
    """
    from reportlab.platypus import Spacer

    if application.appeal_due_on is None or application.denied_on is None:
        raise Conflict(
            f"Application {application.number} was not denied by the {CLERK}; there is no "
            "denial letter to print.",
            cite=PROCEDURE_CITE,
        )
    reasons = _condition_lines(application.decision_reasons) or ["No reasons were recorded."]
    decided = escape(long_day(application.denied_on))
    by = escape(application.denied_by_name.strip())
    facts = _decision_facts(application)
    facts.append(("Decision", _clerk_denial_text(application)))
    facts.append(("Appeal last day", long_day(application.appeal_due_on)))
    story: list[Flowable] = [
        *_letter_top(
            application,
            printed_on,
            "Denial of Special Event Vending Permit",
            f"Application {application.number} \u00b7 {PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _markup(
            f"On <b>{decided}</b> the {CLERK}"
            + (f" ({by})" if by else "")
            + " reviewed your application for a special event vending permit for "
            f"<b>{escape(application.event_name)}</b> for conformity with "
            f"{_cite(SECTION_CITE)} and <b>denied</b> it, for the following "
            + ("reason:" if len(reasons) == 1 else "reasons:")
        ),
        *_numbered(reasons),
        Spacer(1, 6),
        _appeal_right(application),
        Spacer(1, 8),
        _markup(
            f"To appeal, file a written appeal request with {escape(_office_line(profile))}, "
            f"quoting application <b>{escape(application.number)}</b>. Until a permit is issued, "
            "no goods or services may be displayed, sold or offered for sale on any street, "
            f"sidewalk, alley or other public place in the City ({_cite(PERMIT_CITE)})."
        ),
        _markup(escape(FEE_AFTER_DENIAL)),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Denial \u2014 vending application {application.number}",
        subject=f"Denial of a special event vending permit, {PROCEDURE_CITE}",
    )


def _meeting_text(appeal: AppealPaper) -> str:
    """ "at its regular meeting of Monday, September 14, 2026" """
    when = long_day(appeal.acted_on) if appeal.acted_on else ""
    kind = appeal.meeting_kind.label.lower() if appeal.meeting_kind is not None else "meeting"
    return f"at its {kind} of {when}" if when else "at a meeting"


def council_act_text(appeal: AppealPaper) -> str:
    """ "Approved conditionally by the Common Council at its regular meeting of Monday,
    August 24, 2026" """
    if not appeal.outcome:
        return "Not decided yet by the Common Council"
    return f"{AppealOutcome(appeal.outcome).label} by the Common Council {_meeting_text(appeal)}"


def _appeal_facts(application: ApplicationPaper, appeal: AppealPaper) -> list[tuple[str, object]]:
    facts = _decision_facts(application)
    if application.denied_on is not None:
        facts.append(("Clerk\u2019s denial", _clerk_denial_text(application)))
    if application.decision_reasons.strip():
        facts.append(
            ("Clerk\u2019s reasons", " ".join(_condition_lines(application.decision_reasons)))
        )
    filed = f"Filed {long_day(appeal.filed_on)}; the last day was {long_day(appeal.due_on)}"
    facts.append(("Appeal", filed + ("" if appeal.timely else " (filed late)")))
    facts.append(("Council\u2019s decision", council_act_text(appeal)))
    return facts


def _untimely_text(appeal: AppealPaper) -> str:
    if appeal.timely:
        return ""
    return (
        f" The appeal was filed on {escape(long_day(appeal.filed_on))}, after the last day, "
        f"{escape(long_day(appeal.due_on))}; it was accepted for the record."
    )


def _enclosed(application: ApplicationPaper) -> str:
    """The sentences of a letter enclosing the permit: what it is good for, and that it must
    be displayed (markup)."""
    return (
        f"Special event vending permit <b>{escape(application.permit_number or '')}</b> is "
        "enclosed. It is valid only on the dates and at the locations it lists, and <b>must be "
        "conspicuously displayed at the place where sales are being made</b> "
        f"<font size='8.5' color='{lh.GREY_HEX}'>({_cite(PROCEDURE_CITE)})</font>."
    )


def _approval_letter(
    application: ApplicationPaper, profile: CityProfile, printed_on: dt.date
) -> bytes:
    from reportlab.platypus import Spacer

    status = VendingStatus(application.status)
    conditional = status is VendingStatus.CONDITIONALLY_APPROVED
    assert application.decided_on is not None
    facts = _decision_facts(application)
    facts.append(("Decision", _decision_text(application)))
    word = "approved it conditionally" if conditional else "approved it"
    story: list[Flowable] = [
        *_letter_top(
            application,
            printed_on,
            "Special Event Vending Permit "
            + ("Approved Conditionally" if conditional else "Approved"),
            f"Application {application.number} \u00b7 Permit {application.permit_number} \u00b7 "
            f"{PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _markup(
            f"The {CLERK} has reviewed your application for conformity with "
            f"{_cite(SECTION_CITE)} and has <b>{word}</b>. {_enclosed(application)}"
        ),
    ]
    story += _conditions_block(application)
    story += [Spacer(1, 4), _no_appeal(APPROVAL_APPEAL_TEXT), *_letter_foot(profile)]
    return build_pdf(
        story,
        profile=profile,
        title=f"Approval \u2014 vending permit {application.permit_number}",
        subject=f"Approval of a special event vending permit, {PROCEDURE_CITE}",
    )


def _conditions_block(application: ApplicationPaper) -> list[Flowable]:
    """The conditions set on the permit, for a letter, and those of every permit in a sentence."""
    conditions = list(application.permit_conditions)
    small = _style("letter-small", _body(), fontSize=9, leading=12)
    every = (
        "§ 506-24 (Conditions of permit), printed on it: liability insurance in force, "
        "coordination of the locations with the Chief of Police, and cleanup."
    )
    if not conditions:
        return [_markup(escape(_cite(f"The permit carries the requirements of {every}")), small)]
    standing = _cite(f"As every permit does, it also carries the requirements of {every}")
    council = _council_share(application)
    who = ""
    if council is not None and 0 < council < len(conditions):
        rest = len(conditions) - council
        who = _cite(
            f" Condition {_numbers(1, council)} was set by the Common Council; "
            f"{_numbers(council + 1, rest)} "
            f"{'is a requirement' if rest == 1 else 'are requirements'} of § 506-24 not met on "
            "the day of its decision: the permit is not valid until "
            f"{'it is' if rest == 1 else 'they are'} met."
        )
    elif council == 0:
        who = _cite(
            " They are requirements of § 506-24 not met on the day of the Council\u2019s "
            "decision: the permit is not valid until they are met."
        )
    return [
        _markup(
            "The permit is granted on the following conditions, printed on it. "
            f"<b>These conditions must be met.</b>{escape(who)}"
        ),
        *_numbered(conditions),
        _markup(escape(standing), small),
    ]


def _appeal_decision_letter(
    application: ApplicationPaper, profile: CityProfile, printed_on: dt.date
) -> bytes:
    from reportlab.platypus import Spacer

    appeal = _decided_appeal(application)
    if appeal is None:
        raise Conflict(
            f"The Common Council has not decided the appeal of {application.number} yet.",
            cite=PROCEDURE_CITE,
        )
    outcome = AppealOutcome(appeal.outcome)
    meeting = _meeting_text(appeal)
    decided = {
        AppealOutcome.DENIED: "<b>denied</b> the permit",
        AppealOutcome.APPROVED: "<b>approved</b> the permit",
        AppealOutcome.APPROVED_CONDITIONALLY: "<b>approved the permit conditionally</b>",
    }[outcome]
    denial = ""
    if application.denied_on is not None:
        by = application.denied_by_name.strip()
        denial = f" of <b>{escape(long_day(application.denied_on))}</b>" + (
            f" ({escape(by)})" if by else ""
        )
    story: list[Flowable] = [
        *_letter_top(
            application,
            printed_on,
            f"Decision on Appeal: {outcome.label.title()}",
            f"Application {application.number}"
            + (f" \u00b7 Permit {application.permit_number}" if application.permit_number else "")
            + f" \u00b7 {PROCEDURE_CITE}",
        ),
        key_value_block(_appeal_facts(application, appeal), label_width=1.3 * INCH),
        Spacer(1, 8),
        _markup(
            f"You appealed the {CLERK}\u2019s denial{denial} of your application for a special "
            f"event vending permit for <b>{escape(application.event_name)}</b>. The Common "
            f"Council reviewed the appeal {escape(meeting)} and {decided}." + _untimely_text(appeal)
        ),
    ]
    if appeal.note.strip():
        story += [
            _heading("The Council\u2019s reasons and notes"),
            para(appeal.note.strip(), _body()),
        ]
    if outcome is AppealOutcome.DENIED:
        story += [
            _markup(
                "No permit is issued. No goods or services may be displayed, sold or offered for "
                "sale on any street, sidewalk, alley or other public place in the City without a "
                f"special event vending permit ({_cite(PERMIT_CITE)})."
            ),
            _markup(escape(FEE_AFTER_DENIAL)),
        ]
    else:
        story.append(_markup(_enclosed(application)))
        story += _conditions_block(application)
    story += [Spacer(1, 4), _no_appeal(COUNCIL_APPEAL_TEXT), *_letter_foot(profile)]
    return build_pdf(
        story,
        profile=profile,
        title=f"Appeal decision \u2014 vending application {application.number}",
        subject=f"The Common Council's decision on a vending permit appeal, {PROCEDURE_CITE}",
    )


def decision_letter_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The letter for the decision that stands on the application: approval (the permit
    enclosed, its conditions), conditional approval, the Clerk's denial (the denial letter), or
    the Common Council's decision on the appeal. Each states the appeal right: where one lies
    (a denial by the Clerk), the last day to file it; where none does, why.

    Raises :class:`~clerk_desk.errors.Conflict` while nothing is decided (received, in doubt,
    appealed and not yet acted on, withdrawn).
    """
    status = VendingStatus(application.status)
    if status in (VendingStatus.APPROVED, VendingStatus.CONDITIONALLY_APPROVED):
        return _approval_letter(application, profile, printed_on)
    if status is VendingStatus.DENIED:
        return denial_letter_pdf(application, profile=profile, printed_on=printed_on)
    if status in (VendingStatus.APPROVED_ON_APPEAL, VendingStatus.DENIED_ON_APPEAL):
        return _appeal_decision_letter(application, profile, printed_on)
    what = {
        VendingStatus.APPEALED: "is on appeal to the Common Council, which has not decided it",
        VendingStatus.WITHDRAWN: "was withdrawn",
    }.get(status, "is not decided yet")
    raise Conflict(
        f"Application {application.number} {what}: there is no decision letter to print.",
        cite=PROCEDURE_CITE,
    )


# ---- Excel -----------------------------------------------------------------------------------

APPLICATION_COLUMNS: tuple[Column, ...] = (
    Column("Application", width=13),
    Column("Permit", width=13),
    Column("Applicant", width=30),
    Column("Kind", width=22),
    Column("Event", width=28),
    Column("First day", "date"),
    Column("Last day", "date"),
    Column("Days/places", "int", width=12),
    Column("Participants", "int", width=12),
    Column("Applied", "datetime"),
    Column("Doubt notice due", "date", width=16),
    Column("Status", width=22),
    Column("Police submitted", "date", width=15),
    Column("Police approved", "date", width=15),
    Column("Insurance", width=13),
    Column("Clerk approved on", "date", width=16),
    Column("Clerk denied on", "date", width=15),
    Column("Appeal last day", "date", width=15),
    Column("Appeal filed", "date", width=13),
    Column("Appeal timely", width=13),
    Column("Council met", "date", width=13),
    Column("Council decision", width=22),
    Column("Conditions", width=60),
)
"""The register's columns. The Clerk's decisions and the Council's are in columns of their own:
"Clerk approved on" and "Clerk denied on" are the Clerk's acts (the denial kept after an
appeal), "Council met" and "Council decision" the Common Council's on the appeal."""


def application_row(
    application: ApplicationPaper,
    tz: dt.tzinfo | None = None,
    *,
    insurance: str = "",
) -> tuple[object, ...]:
    """One row of the register; the time of application in the City's time (``tz``);
    ``insurance`` is the checklist's word for proof of insurance ("Met", "Not yet due", "Not
    met"), which the register cannot read from the application alone."""
    applied = application.applied_at.astimezone(tz or city_zone()).replace(tzinfo=None)
    status = VendingStatus(application.status)
    # A permit without a denial before it is the Clerk's approval (the Council acts only on an
    # appeal of a denial), withdrawn since or not.
    clerk_approved = (
        application.decided_on if application.permit_number and not application.denied_on else None
    )
    appeal = _last_appeal(application)
    return (
        application.number,
        application.permit_number or "",
        application.applicant.name,
        ApplicantKind(application.applicant_kind).label,
        application.event_name,
        application.first_day,
        application.last_day,
        len(application.slots),
        len(application.participants) if _is_sponsor(application) else None,
        applied,
        application.doubt_due_on,
        status.label,
        application.police_submitted_on,
        application.police_approved_on,
        insurance,
        clerk_approved,
        application.denied_on,
        application.appeal_due_on,
        appeal.filed_on if appeal else None,
        ("Yes" if appeal.timely else "No (late)") if appeal else "",
        appeal.acted_on if appeal and appeal.outcome else None,
        AppealOutcome(appeal.outcome).label if appeal and appeal.outcome else "",
        "\n".join(list(application.permit_conditions)),
    )


def applications_excel(
    target: Target,
    applications: Iterable[ApplicationPaper],
    *,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str,
    insurance: Mapping[int, str] | None = None,
) -> int:
    """The register of special event vending applications, one row each; returns the rows
    written. Times are City Hall's; "Participants" is blank for an individual vendor;
    ``insurance`` gives the Insurance column by application id
    (:func:`clerk_desk.vending.views.insurance_states`), blank where it has none."""
    states = insurance or {}
    return write_register(
        target,
        title="Vending applications",
        columns=APPLICATION_COLUMNS,
        rows=(application_row(a, insurance=states.get(a.id, "")) for a in applications),
        progress=progress,
        subtitle=f"{city} \u2014 special event vending permits ({SECTION_CITE})",
        author=author,
    )
