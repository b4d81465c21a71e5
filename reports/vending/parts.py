"""What the special event vending papers share (§ 506-24): the ordinance's wording written once
(the display sentence, :data:`STANDING_CONDITIONS`), so that the permit and the letters can
never tell a vendor different things; and the words and flowables every paper draws with."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.clock import city_zone
from clerk_desk.kinds import ApplicantKind, VendingStatus
from clerk_desk.settings import CityProfile
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.papers import AppealPaper, ApplicationPaper
from clerk_desk.vending.rules import (
    CLEANUP_CITE,
    INSURANCE_CITE,
    POLICE_CITE,
)
from clerk_desk.vending.views import SlotRow
from clerk_desk.words import clock_time, format_day, long_day
from reports import letterhead as lh
from reports.document import (
    INCH,
    data_table,
    letter_closing,
    para,
    signature_line,
    styles,
)
from reports.fonts import FONT_REGULAR
from reports.permit_parts import side_by_side

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


PALE_HEX = "#F5F7FA"


def cite_markup(text: str) -> str:
    """A citation that never breaks between "§" and its number."""
    return text.replace("§ ", "§\u00a0")


def hours_text(slot: SlotRow) -> str:
    """ "9:00 a.m. to 6:00 p.m." """
    return f"{clock_time(slot.starts, dotted=True)} to {clock_time(slot.ends, dotted=True)}"


def span_text(application: ApplicationPaper) -> str:
    """ "Friday, September 11, 2026 through Sunday, September 13, 2026", or one day."""
    start, end = application.first_day, application.last_day
    if start is None or end is None:
        return "No days given"
    return long_day(start) if start == end else f"{long_day(start)} through {long_day(end)}"


def applied_short(application: ApplicationPaper) -> str:
    """ "Mon Aug 3, 2026, 9:30 a.m." """
    local = application.applied_at.astimezone(city_zone())
    return f"{format_day(local.date())}, {clock_time(local, dotted=True)}"


def applied_text(application: ApplicationPaper) -> str:
    """ "Monday, August 3, 2026, at 9:30 a.m.": the time the three-day clock started."""
    local = application.applied_at.astimezone(city_zone())
    return f"{long_day(local.date())}, at {clock_time(local, dotted=True)}"


def is_sponsor(application: ApplicationPaper) -> bool:
    return ApplicantKind(application.applicant_kind) is ApplicantKind.SPONSOR


def holder_text(application: ApplicationPaper) -> str:
    name = application.applicant.name
    return f"{name}, {AGENT_TEXT}" if is_sponsor(application) else name


def condition_lines(text: str) -> list[str]:
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


def contact_text(application: ApplicationPaper, *, blank: str = "None given") -> str:
    parts = [application.contact_name, application.contact_phone, application.contact_email]
    return " \u00b7 ".join(p.strip() for p in parts if p.strip()) or blank


def _address_lines(application: ApplicationPaper) -> list[str]:
    """The applicant's mailing address, line by line, without the dangling comma a town with
    no state leaves ("Prescott,")."""
    lines = application.applicant.mailing_address.splitlines()
    return [line.strip().strip(",").strip() for line in lines if line.strip(" ,")]


def address_line(application: ApplicationPaper) -> str:
    return ", ".join(_address_lines(application))


def office_line(profile: CityProfile) -> str:
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


def named_style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-vending-{name}", parent=parent, **kw)


def markup_para(text: str, style: Any | None = None) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style if style is not None else body_style())


def body_style() -> Any:
    return named_style("body", styles().body, fontSize=10, leading=13.3, spaceAfter=5)


def numbered_paras(
    items: Sequence[str], *, size: float = 10, markup: bool = False, start: int = 1
) -> list[Flowable]:
    """Numbered paragraphs with a hanging indent; plain text unless ``markup``."""
    from reportlab.platypus import Paragraph

    style = named_style(
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


def section_heading(text: str, note: str = "") -> Flowable:
    """A section heading, with a grey note (the citation, or what the section means) after it."""
    from reportlab.platypus import Paragraph

    style = named_style("heading", styles().heading, fontSize=11, leading=14, spaceBefore=7)
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>"
        f"\u2014 {escape(note)}</font>"
        if note
        else ""
    )
    return Paragraph(escape(text) + tail, style)


def boxed_paras(texts: Sequence[str], *, size: float = 10.5) -> Flowable:
    """Paragraphs of markup in a ruled box: what the reader must not miss."""
    from reportlab.platypus import Table, TableStyle

    style = named_style(
        f"boxed-{size}", styles().body, fontSize=size, leading=size * 1.38, spaceAfter=3
    )
    table = Table([[[markup_para(t, style) for t in texts]]], colWidths=["100%"], hAlign="LEFT")
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


def clerk_signature(profile: CityProfile, *, width: float = 3.0 * INCH) -> Flowable:
    """The line the City Clerk signs on, captioned "City Clerk, City of Prescott"."""
    return signature_line(f"{CLERK}, {profile.city_name}", width=width)


def letter_top(
    application: ApplicationPaper, printed_on: dt.date, title: str, subtitle: str
) -> list[Flowable]:
    """Recipient and date, then the letter's title and the line under it."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    return [
        side_by_side(
            para(
                "\n".join(_recipient_lines(application)), named_style("to", st.body, spaceAfter=0)
            ),
            para(long_day(printed_on), named_style("date", st.body, alignment=TA_RIGHT)),
            ["*", 2.4 * INCH],
        ),
        Spacer(1, 10),
        para(title, st.title),
        para(subtitle, st.subtitle),
    ]


def letter_foot(profile: CityProfile, *, closing: str = "Sincerely,") -> list[Flowable]:
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.platypus import Spacer

    st = styles()
    return [
        Spacer(1, 6),
        letter_closing(
            [
                para(closing, named_style("closing", st.body, spaceAfter=0)),
                side_by_side(
                    clerk_signature(profile, width=2.9 * INCH),
                    para(
                        _questions(profile), named_style("questions", st.small, alignment=TA_RIGHT)
                    ),
                    [3.2 * INCH, "*"],
                    valign="BOTTOM",
                ),
            ]
        ),
    ]


def slots_table(application: ApplicationPaper) -> Flowable:
    rows = [(long_day(slot.day), hours_text(slot), slot.location) for slot in application.slots]
    return data_table(
        ("Day", "Hours", "Location"),
        rows,
        col_widths=[2.25 * INCH, 1.75 * INCH, "*"],
    )


def decision_text(application: ApplicationPaper) -> str:
    """ "Approved conditionally by the City Clerk on Tue Aug 4, 2026", or the Common Council's
    approval on appeal, with the day of its meeting."""
    status = VendingStatus(application.status)
    if status is VendingStatus.APPROVED_ON_APPEAL:
        appeal = decided_appeal(application)
        conditional = appeal is not None and appeal.outcome == AppealOutcome.APPROVED_CONDITIONALLY
        how = "Approved conditionally" if conditional else "Approved"
        acted = appeal.acted_on if appeal is not None else None
        when = format_day(acted) if acted else "a day not recorded"
        return f"{how} on appeal by the Common Council on {when}"
    when = format_day(application.decided_on) if application.decided_on else "a day not recorded"
    how = "Approved conditionally" if status is VendingStatus.CONDITIONALLY_APPROVED else "Approved"
    return f"{how} by the {CLERK} on {when}"


def numbers_text(first: int, count: int) -> str:
    """ "3", "3\u20135": the numbers of ``count`` conditions from ``first``."""
    return str(first) if count == 1 else f"{first}\u2013{first + count - 1}"


def council_share(application: ApplicationPaper) -> int | None:
    """How many of the permit's conditions the Common Council set, read from its appeal, for
    a permit granted on appeal (``None`` otherwise); they are printed first."""
    if VendingStatus(application.status) is not VendingStatus.APPROVED_ON_APPEAL:
        return None
    return len(list(application.council_conditions))


def last_appeal(application: ApplicationPaper) -> AppealPaper | None:
    return application.appeals[-1] if application.appeals else None


def decided_appeal(application: ApplicationPaper) -> AppealPaper | None:
    """The appeal the Common Council has decided (there is at most one), or None."""
    return next((a for a in reversed(application.appeals) if a.outcome), None)
